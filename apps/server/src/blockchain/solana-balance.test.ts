// GET /v1/account/{address}/balance on a solana chain: SOL and the listed SPL tokens read from
// the local Solana chain, priced, in the EVM answer's shape, kept 30 s; an address that is not
// base58, or not 32 bytes, or not of the chain's namespace, is refused in plain words.
import { signWithLatestBlockhash } from '@portico/devnet/solana'
import { AccountBalanceAnswer } from '@portico/protocol/token-balance'
import {
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { Ajv } from 'ajv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CACHE_TTL_PORTFOLIO_MS } from '../constants'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { type SolanaServer, startSolanaServer } from '../test/solana-server'

let setup: SolanaServer
beforeAll(async () => {
  setup = await startSolanaServer()
})
afterAll(() => setup?.stop())

function balanceUrl(address: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    projectId: DEV_PROJECT_ID,
    currency: 'usd',
    chainId: setup.solana.caip2,
    ...query,
  })
  return `${setup.server.url}/v1/account/${address}/balance?${params}`
}

async function balancesOf(address: string, query: Record<string, string> = {}) {
  const response = await fetch(balanceUrl(address, query))
  const answer: unknown = await response.json()
  expect(response.status, JSON.stringify(answer)).toBe(200)
  expect(new Ajv().validate(AccountBalanceAnswer, answer)).toBe(true)
  return (answer as AccountBalanceAnswer).balances
}

describe('GET /v1/account/{address}/balance on Solana', () => {
  it('gives SOL, the USD coin and PRTC of a dev account, priced, SOL first', async () => {
    const { caip2, usdc, token } = setup.solana
    const owner = setup.solana.accounts[1]?.address as string
    const balances = await balancesOf(owner)
    expect(balances.map((balance) => balance.symbol)).toEqual(['SOL', 'USDC', 'PRTC'])
    expect(balances[0]).toMatchObject({
      name: 'Solana',
      chainId: caip2,
      address: `${caip2}:So11111111111111111111111111111111111111112`,
      quantity: { decimals: '9', numeric: '1000' },
      price: 150,
      value: 150_000,
    })
    expect(balances[1]).toMatchObject({
      name: 'USD Coin',
      address: `${caip2}:${usdc.mint}`,
      quantity: { decimals: '6', numeric: '10000' },
      price: 1,
      value: 10_000,
    })
    expect(balances[2]).toMatchObject({
      address: `${caip2}:${token.mint}`,
      quantity: { decimals: '9', numeric: '1000' },
      value: 250,
    })
    expect(balances[0]?.iconUrl).toMatch(/^http/)
  })

  it('gives only SOL to an address with no listed token, 0 SOL to a new one', async () => {
    const fresh = (await generateKeyPairSigner()).address
    const balances = await balancesOf(fresh)
    expect(balances).toHaveLength(1)
    expect(balances[0]).toMatchObject({ symbol: 'SOL', quantity: { numeric: '0' }, value: 0 })
  })

  it('keeps an answer 30 s; forceUpdate reads the chain again', async () => {
    const first = setup.solana.accounts[2]
    if (!first) throw new Error('no dev account')
    const sender = await createKeyPairSignerFromPrivateKeyBytes(first.privateKey)
    const receiver = (await generateKeyPairSigner()).address
    expect((await balancesOf(receiver))[0]?.quantity.numeric).toBe('0')
    const rpc = createSolanaRpc(setup.solana.rpcUrl)
    const transaction = await signWithLatestBlockhash(rpc, sender, [
      getTransferSolInstruction({
        source: sender,
        destination: receiver,
        amount: lamports(500_000_000n),
      }),
    ])
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    expect((await balancesOf(receiver))[0]?.quantity.numeric).toBe('0')
    expect((await balancesOf(receiver, { forceUpdate: 'true' }))[0]?.quantity.numeric).toBe('0.5')
    setup.clock.advance(CACHE_TTL_PORTFOLIO_MS + 1)
    expect((await balancesOf(receiver))[0]?.quantity.numeric).toBe('0.5')
  })

  it.each([
    [
      '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl',
      'Invalid Solana address: it is not base58 (0, O, I and l are not base58 characters)',
    ],
    ['3yZe7d', 'Invalid Solana address: it decodes to 4 bytes, a Solana address is 32'],
    ['1'.repeat(44), 'Invalid Solana address: it decodes to 44 bytes, a Solana address is 32'],
    [
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'Invalid Solana address: it is not base58 (0, O, I and l are not base58 characters)',
    ],
    ['x'.repeat(60), 'Invalid Solana address: a Solana address is 32 bytes (32 to 44 characters)'],
  ])('refuses %s with a plain message', async (address, message) => {
    const response = await fetch(balanceUrl(address))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: { code: 'INVALID_REQUEST', message } })
  })

  it('refuses a Solana address on an EVM chain id', async () => {
    // The server serves no EVM chain here: the chain is refused before the address.
    const response = await fetch(
      balanceUrl(setup.solana.accounts[0]?.address as string, { chainId: 'eip155:1' }),
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'UNSUPPORTED_CHAIN',
    )
  })
})
