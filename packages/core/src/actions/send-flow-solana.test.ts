// The send flow on a Solana account, as the modal runs it: a client on our real server (its RPC
// proxy and balance API over the local litesvm chain), a wallet-standard wallet holding a dev
// account's real ed25519 key, and every figure read back from the chain.
import { startServerOnSolana } from '@portico/test-kit'
import {
  registerDevSolanaWallet,
  type SolanaTestWallet,
  solanaTestPage,
} from '@portico/test-kit/solana-wallet'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAccount } from '../adapters/chain-adapter'
import type { TokenBalance } from '../api/blockchain'
import type { PorticoApi } from '../api/portico-api'
import { createPorticoClient, type PorticoClient } from '../client/create-portico-client'
import { withApi } from '../client/portico-api-for'
import { mainnet, solana } from '../networks'
import { getActiveChainAccount } from '../state/active-namespace'
import { connectionStore } from '../state/connection'
import { getRouterView, pushView, resetView, routerStore } from '../state/router'
import {
  resetSend,
  sendDraftError,
  sendStore,
  setReceiverAddress,
  setSendAmount,
  setSendToken,
  unitsToDecimal,
} from '../state/send'
import { tokensStore } from '../state/tokens'
import { loadNamespaceWallets } from '../wallets/namespace-wallets'
import { fetchAccountTokens } from './account-tokens'
import { estimateSendFee, sendDraftTransaction, TRANSACTION_DECLINED } from './send-flow'

const WALLET = 'Send Flow Test Wallet'

let server: Awaited<ReturnType<typeof startServerOnSolana>>
let user: SolanaTestWallet
/** The client as the Send view hands it to the flow: with our server's API clients. */
let client: PorticoClient & { api: PorticoApi }
let account: ChainAccount
let chain: ReturnType<typeof createSolanaRpc>

// A server, its database and a chain take minutes on a busy machine (as the other server tests).
beforeAll(async () => {
  server = await startServerOnSolana()
  vi.stubGlobal('window', solanaTestPage())
  user = await registerDevSolanaWallet(server.solana, 1, WALLET)
  chain = createSolanaRpc(server.solana.rpcUrl)
  client = withApi(
    createPorticoClient(
      { apiUrl: server.url, projectId: server.projectId, networks: [solana, mainnet] },
      { storage: null },
    ),
  )
  await loadNamespaceWallets(client)
  const connector = connectionStore.get().connectors.find((entry) => entry.name === WALLET)
  if (!connector) throw new Error('the wallet is not in the Connect list')
  await client.selectConnector(connector)
  const active = getActiveChainAccount()
  if (active?.namespace !== 'solana') throw new Error('the Solana account is not the active one')
  account = active
}, 180_000)
afterAll(async () => {
  client?.destroy()
  vi.unstubAllGlobals()
  await server?.stop()
})

beforeEach(() => {
  resetSend()
  routerStore.reset()
  resetView('Account')
  pushView('Send')
  pushView('SendPreview')
})

const lamportsOf = async (owner: string) => (await chain.getBalance(address(owner)).send()).value

async function usdcOf(owner: string): Promise<bigint | undefined> {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: server.solana.usdc.mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const { value } = await chain.getAccountInfo(ata, { encoding: 'jsonParsed' }).send()
  const data = value?.data as { parsed?: { info?: { tokenAmount?: { amount: string } } } }
  const amount = data?.parsed?.info?.tokenAmount?.amount
  return amount === undefined ? undefined : BigInt(amount)
}

/** The account's token as the balance API lists it (the Send view's token list). */
async function held(symbol: string): Promise<TokenBalance> {
  await fetchAccountTokens(client, account, { forceUpdate: true })
  const token = tokensStore.get().balances.find((balance) => balance.symbol === symbol)
  if (!token) throw new Error(`${symbol} is not listed`)
  return token
}

async function draft(symbol: string, amount: string, receiver: string) {
  setSendToken(await held(symbol))
  setSendAmount(amount)
  setReceiverAddress(receiver)
}

// Each send waits for the chain to confirm it through the proxy: seconds on a busy machine.
describe('Send on a Solana account', { timeout: 60_000 }, () => {
  it('sends 0.1 SOL: the preview fee in SOL, the wallet signs, Transaction Sent with the signature', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const before = await lamportsOf(account.address)
    await draft('SOL', '0.1', receiver)
    const fee = await estimateSendFee(client, account)
    expect(fee).toMatchObject({ numeric: '0.000005', symbol: 'SOL', rent: undefined })
    expect(fee.value).toBeGreaterThan(0)

    await sendDraftTransaction(client, account)
    expect(sendStore.get().error).toBeUndefined()
    expect(user.prompts.at(-1)).toBe('solana:signTransaction')
    expect(getRouterView()).toBe('TransactionSent')
    expect(routerStore.get().history).toEqual(['Account', 'TransactionSent'])
    const sent = sendStore.get().sent
    if (!sent) throw new Error('no sent transaction')
    // The signature the chain knows, on Solana's explorer.
    expect(sent).toMatchObject({ amount: '0.1', symbol: 'SOL', networkName: 'Solana' })
    expect(sent.explorerUrl).toBe(`https://solscan.io/tx/${sent.hash}`)
    const { value } = await chain.getSignatureStatuses([sent.hash as never]).send()
    expect(value[0]?.err).toBeNull()
    expect(await lamportsOf(receiver)).toBe(100_000_000n)
    expect(await lamportsOf(account.address)).toBe(before - 100_000_000n - 5000n)
  })

  it('sends 5 USDC to an address without a token account: the preview shows its rent, the flow goes back to Account', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const usdcBefore = (await usdcOf(account.address)) ?? 0n
    await draft('USDC', '5', receiver)
    const rent = await chain.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send()
    expect(await estimateSendFee(client, account)).toMatchObject({
      numeric: '0.000005',
      symbol: 'SOL',
      rent: unitsToDecimal(rent, 9),
    })

    await sendDraftTransaction(client, account)
    expect(sendStore.get().error).toBeUndefined()
    // docs/product.md#views: a token's send goes back to Account.
    expect(routerStore.get().history).toEqual(['Account'])
    expect(await usdcOf(receiver)).toBe(5_000_000n)
    expect(await usdcOf(account.address)).toBe(usdcBefore - 5_000_000n)
  })

  it('refuses a receiver that is no Solana address in plain words, asking the wallet nothing', async () => {
    const prompts = user.prompts.length
    await draft('SOL', '0.1', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    const problem =
      'Invalid Solana address: it is not base58 (0, O, I and l are not base58 characters)'
    expect(sendDraftError(sendStore.get(), 'solana')?.message).toBe(problem)
    await expect(sendDraftTransaction(client, account)).rejects.toThrow(problem)
    setReceiverAddress('3yZe7d')
    expect(sendDraftError(sendStore.get(), 'solana')?.message).toBe(
      'Invalid Solana address: it decodes to 4 bytes, a Solana address is 32',
    )
    expect(user.prompts.length).toBe(prompts)
  })

  it('keeps the draft and says so when the wallet declines, and nothing moves', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const before = await lamportsOf(account.address)
    await draft('SOL', '0.1', receiver)
    user.answerNext('reject')
    await sendDraftTransaction(client, account)
    expect(sendStore.get()).toMatchObject({
      error: TRANSACTION_DECLINED,
      loading: false,
      sendTokenAmount: '0.1',
      receiverAddress: receiver,
    })
    expect(getRouterView()).toBe('SendPreview')
    expect(await lamportsOf(receiver)).toBe(0n)
    expect(await lamportsOf(account.address)).toBe(before)
  })
})
