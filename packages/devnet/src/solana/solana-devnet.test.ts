// The local Solana chain driven by @solana/kit's own RPC and subscription clients, unchanged.
import {
  address,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  sendAndConfirmTransactionFactory,
  devnet as testCluster,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signWithLatestBlockhash } from './sign'
import { SOLANA_DEV_LAMPORTS } from './solana-accounts'
import { type SolanaDevnet, startSolanaDevnet } from './solana-devnet'

// 10 ms slots: a blockhash lives 1.5 s, so expiry is seen without waiting a minute.
const SLOT_MS = 10

let devnet: SolanaDevnet
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof testCluster>>>
let subscriptions: ReturnType<typeof createSolanaRpcSubscriptions<ReturnType<typeof testCluster>>>
let sender: KeyPairSigner

beforeAll(async () => {
  devnet = await startSolanaDevnet({ slotMs: SLOT_MS })
  // Typed as a test cluster's: the local chain also answers requestAirdrop.
  rpc = createSolanaRpc(testCluster(devnet.rpcUrl))
  subscriptions = createSolanaRpcSubscriptions(testCluster(devnet.wsUrl))
  const first = devnet.accounts[0]
  if (!first) throw new Error('no dev account')
  sender = await createKeyPairSignerFromPrivateKeyBytes(first.privateKey)
})
afterAll(() => devnet.stop())

function signed(instructions: Instruction[], payer = sender) {
  return signWithLatestBlockhash(rpc, payer, instructions)
}

async function tokenBalance(owner: string, mint: string): Promise<string | undefined> {
  const { value } = await rpc
    .getTokenAccountsByOwner(address(owner), { mint: address(mint) }, { encoding: 'jsonParsed' })
    .send()
  return value[0]?.account.data.parsed.info.tokenAmount.amount
}

describe('the local Solana chain', () => {
  it('holds SOL, the USD coin and the second token on the dev accounts', async () => {
    expect(sender.address).toBe(devnet.accounts[0]?.address)
    const { value } = await rpc.getBalance(sender.address).send()
    expect(value).toBe(SOLANA_DEV_LAMPORTS)
    expect(await tokenBalance(sender.address, devnet.usdc.mint)).toBe('10000000000')
    expect(await tokenBalance(sender.address, devnet.token.mint)).toBe('1000000000000')
    const mint = await rpc.getAccountInfo(devnet.usdc.mint, { encoding: 'jsonParsed' }).send()
    expect(mint.value?.data).toMatchObject({ parsed: { type: 'mint', info: { decimals: 6 } } })
    expect(await rpc.getGenesisHash().send()).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d')
  })

  it('advances slots on its clock', async () => {
    const before = await rpc.getSlot().send()
    await new Promise((resolve) => setTimeout(resolve, SLOT_MS * 10))
    expect(await rpc.getSlot().send()).toBeGreaterThan(before)
  })

  it('transfers SOL, confirmed over signatureSubscribe', async () => {
    const receiver = await generateKeyPairSigner()
    const amount = lamports(1_500_000_000n)
    const transaction = await signed([
      getTransferSolInstruction({ source: sender, destination: receiver.address, amount }),
    ])
    const before = (await rpc.getBalance(sender.address).send()).value
    const message = Buffer.from(transaction.messageBytes).toString('base64') as never
    const fee = (await rpc.getFeeForMessage(message).send()).value
    expect(fee).toBe(5000n)
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })(transaction, {
      commitment: 'confirmed',
    })
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(amount)
    expect((await rpc.getBalance(sender.address).send()).value).toBe(before - amount - 5000n)
    const signature = getSignatureFromTransaction(transaction)
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  })

  it('transfers the USD coin to an owner with no token account, creating it', async () => {
    const receiver = await generateKeyPairSigner()
    const { usdc } = devnet
    const [source] = await findAssociatedTokenPda({
      owner: sender.address,
      mint: usdc.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: receiver.address,
      mint: usdc.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const transaction = await signed([
      await getCreateAssociatedTokenIdempotentInstructionAsync({
        payer: sender,
        owner: receiver.address,
        mint: usdc.mint,
      }),
      getTransferCheckedInstruction({
        source,
        mint: usdc.mint,
        destination,
        authority: sender,
        amount: 5_000_000n,
        decimals: usdc.decimals,
      }),
    ])
    const simulated = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.unitsConsumed).toBeGreaterThan(0n)
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })(transaction, {
      commitment: 'confirmed',
    })
    expect(await tokenBalance(receiver.address, usdc.mint)).toBe('5000000')
    expect(await tokenBalance(sender.address, usdc.mint)).toBe('9995000000')
  })

  it('notifies accountSubscribe when a balance changes', async () => {
    const receiver = await generateKeyPairSigner()
    const abort = new AbortController()
    const notifications = await subscriptions
      .accountNotifications(receiver.address, { encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    // kit hands an iterator only what arrives once it is waiting, so it waits before the send.
    const first = (async () => {
      for await (const notification of notifications) return notification.value
    })()
    const transaction = await signed([
      getTransferSolInstruction({
        source: sender,
        destination: receiver.address,
        amount: 1_000_000n,
      }),
    ])
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    expect((await first)?.lamports).toBe(1_000_000n)
    abort.abort()
  })

  it('refuses an expired blockhash as a validator does', async () => {
    const transaction = await signed([
      getTransferSolInstruction({ source: sender, destination: sender.address, amount: 1n }),
    ])
    const blockhash = transaction.lifetimeConstraint.blockhash
    while ((await rpc.isBlockhashValid(blockhash).send()).value) {
      await new Promise((resolve) => setTimeout(resolve, SLOT_MS * 20))
    }
    const fee = await rpc
      .getFeeForMessage(Buffer.from(transaction.messageBytes).toString('base64') as never)
      .send()
    expect(fee.value).toBeNull()
    const sent = rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    const error = await sent.then(
      () => null,
      (reason: unknown) => reason,
    )
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    expect(
      isSolanaError(
        (error as { cause?: unknown }).cause,
        SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
      ),
    ).toBe(true)
    expect((error as Error).message).toContain('Transaction simulation failed')
  })

  it('refuses a transfer above the balance in preflight and changes nothing', async () => {
    const poor = await generateKeyPairSigner()
    await rpc.requestAirdrop(poor.address, lamports(10_000_000n)).send()
    const transaction = await signed(
      [
        getTransferSolInstruction({
          source: poor,
          destination: sender.address,
          amount: 20_000_000n,
        }),
      ],
      poor,
    )
    await expect(
      rpc
        .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
        .send(),
    ).rejects.toThrow(/simulation failed/i)
    expect((await rpc.getBalance(poor.address).send()).value).toBe(10_000_000n)
  })

  it('answers a malformed or wrong-length key with the validator messages', async () => {
    const call = (key: string) =>
      fetch(devnet.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [key] }),
      }).then((response) => response.json())
    expect(await call('0OIl-not-base58')).toMatchObject({
      error: { code: -32602, message: 'Invalid param: Invalid' },
    })
    expect(await call('3yZe7d')).toMatchObject({
      error: { code: -32602, message: 'Invalid param: WrongSize' },
    })
    const error = await rpc
      .getBalance('3yZe7d' as never)
      .send()
      .catch((reason: unknown) => reason)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)).toBe(true)
  })
})
