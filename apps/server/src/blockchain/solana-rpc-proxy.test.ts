// POST /v1 for a solana chain: @solana/kit's own RPC client, pointed at the proxy, reads and
// sends through it to the local Solana chain; what is off the allow list (requestAirdrop,
// scans, the cluster's layout) is refused, alone or in a batch, and the chain is left as it was.
import { signWithLatestBlockhash } from '@portico/devnet/solana'
import {
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  lamports,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  expectErrorAnswer,
  postRpc,
  rpcCall,
  rpcNotification,
  rpcProxyUrl,
} from '../test/rpc-proxy-client'
import { type SolanaServer, startSolanaServer } from '../test/solana-server'

let setup: SolanaServer
let sender: KeyPairSigner
const NOT_ALLOWED = ['RPC_METHOD_NOT_ALLOWED', 'Requested RPC call is not allowed'] as const

beforeAll(async () => {
  setup = await startSolanaServer()
  const first = setup.solana.accounts[0]
  if (!first) throw new Error('no dev account')
  sender = await createKeyPairSignerFromPrivateKeyBytes(first.privateKey)
})
afterAll(() => setup?.stop())

const proxy = () => createSolanaRpc(rpcProxyUrl(setup.server.url, setup.solana.caip2))
/** The chain itself, not the proxy: what really happened. */
const chain = () => createSolanaRpc(setup.solana.rpcUrl)

describe('POST /v1 on a solana chain', () => {
  it('answers the reads @solana/kit makes as the chain does', async () => {
    const [viaProxy, direct] = [proxy(), chain()]
    expect((await viaProxy.getBalance(sender.address).send()).value).toBe(
      (await direct.getBalance(sender.address).send()).value,
    )
    expect(await viaProxy.getGenesisHash().send()).toBe(await direct.getGenesisHash().send())
    const { value } = await viaProxy
      .getTokenAccountsByOwner(
        sender.address,
        { mint: setup.solana.usdc.mint },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(value[0]?.account.data.parsed.info.tokenAmount.amount).toBe('10000000000')
    expect(await viaProxy.getMinimumBalanceForRentExemption(165n).send()).toBeGreaterThan(0n)
  })

  it('sends a transfer its sender signed, and the chain has it', async () => {
    const rpc = proxy()
    const receiver = await generateKeyPairSigner()
    const transaction = await signWithLatestBlockhash(rpc, sender, [
      getTransferSolInstruction({
        source: sender,
        destination: receiver.address,
        amount: lamports(2_000_000n),
      }),
    ])
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    expect(signature).toBe(getSignatureFromTransaction(transaction))
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toBeNull()
    expect((await chain().getBalance(receiver.address).send()).value).toBe(2_000_000n)
  })

  it('refuses requestAirdrop, alone or in a batch, and no SOL appears', async () => {
    const target = (await generateKeyPairSigner()).address
    const transactionsBefore = await chain().getTransactionCount().send()
    const airdrop = rpcCall('requestAirdrop', 1, [target, 1_000_000_000])
    const rpc = (body: unknown) => postRpc(setup.server.url, setup.solana.caip2, body)
    await expectErrorAnswer(await rpc(airdrop), 400, ...NOT_ALLOWED)
    await expectErrorAnswer(
      await rpc([
        rpcCall('getSlot', 1),
        rpcNotification('requestAirdrop', [target, 1_000_000_000]),
      ]),
      400,
      ...NOT_ALLOWED,
    )
    expect((await chain().getBalance(target).send()).value).toBe(0n)
    expect(await chain().getTransactionCount().send()).toBe(transactionsBefore)
  })

  it.each([
    ['getProgramAccounts', ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']],
    ['getLargestAccounts', []],
    ['getClusterNodes', []],
    ['getBlock', [1]],
    ['eth_sendRawTransaction', ['0x00']],
    ['eth_chainId', []],
  ])('refuses %s', async (method, params) => {
    await expectErrorAnswer(
      await postRpc(setup.server.url, setup.solana.caip2, rpcCall(method, 1, params)),
      400,
      ...NOT_ALLOWED,
    )
  })

  it('refuses Solana methods on an EVM chain id it does not serve', async () => {
    await expectErrorAnswer(
      await postRpc(setup.server.url, 'eip155:1', rpcCall('getBalance', 1, [sender.address])),
      400,
      'UNSUPPORTED_CHAIN',
    )
  })
})
