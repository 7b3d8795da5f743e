// The Solana adapter against the real local chain (litesvm behind our JSON-RPC) and a
// wallet-standard wallet holding a dev account's real ed25519 key, registered in the page the
// way an extension registers. Balances are read back from the chain, not from the adapter.
import { MAX_PROCESSING_AGE, type SolanaDevnet, startSolanaDevnet } from '@portico/devnet/solana'
import {
  type SolanaTestWallet,
  solanaTestPage,
  solanaTestWallet,
  solanaToken,
} from '@portico/test-kit/solana-wallet'
import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { findAssociatedTokenPda, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isUserRejection } from '../../errors/wallet-errors'
import { solana } from '../../networks'
import { accountStore } from '../../state/account'
import { connectionStore } from '../../state/connection'
import { readStored } from '../../storage'
import type { ChainAccount } from '../chain-adapter'
import { createSolanaChainAdapter, type SolanaChainAdapter } from './solana-chain-adapter'

// 20 ms slots: a blockhash lives 150 slots (3 s), so its expiry is seen without waiting a minute.
const SLOT_MS = 20

let devnet: SolanaDevnet
let rpc: ReturnType<typeof createSolanaRpc>
let user: SolanaTestWallet

beforeAll(async () => {
  // The page: wallet-standard speaks over window events.
  vi.stubGlobal('window', solanaTestPage())
  devnet = await startSolanaDevnet({ slotMs: SLOT_MS })
  rpc = createSolanaRpc(devnet.rpcUrl)
  const first = devnet.accounts[0]
  if (!first) throw new Error('no dev account')
  user = await solanaTestWallet({ privateKey: first.privateKey, rpcUrl: devnet.rpcUrl })
  user.register()
})
afterAll(async () => {
  await devnet.stop()
  vi.unstubAllGlobals()
})

/** The page after a load: a fresh adapter over the same storage and the same installed wallet. */
const pageLoad = (): SolanaChainAdapter =>
  createSolanaChainAdapter({
    networks: [solana],
    rpcUrlOf: () => devnet.rpcUrl,
    reconnectWaitMs: 200,
  })

const sol = () => solanaToken(solana.caipNetworkId)
const usdc = () => solanaToken(solana.caipNetworkId, devnet.usdc)

const lamportsOf = async (owner: Address) => (await rpc.getBalance(owner).send()).value

async function usdcOf(owner: Address): Promise<bigint | undefined> {
  const [ata] = await findAssociatedTokenPda({
    owner,
    mint: devnet.usdc.mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const { value } = await rpc.getAccountInfo(ata, { encoding: 'jsonParsed' }).send()
  const data = value?.data as { parsed?: { info?: { tokenAmount?: { amount: string } } } }
  const amount = data?.parsed?.info?.tokenAmount?.amount
  return amount === undefined ? undefined : BigInt(amount)
}

let adapter: SolanaChainAdapter
let account: ChainAccount

/** 0.1 SOL to `receiver`, from the connected account unless another is given. */
const tenthOfSol = (receiver: string, from = adapter, owner = account) =>
  from.buildTransfer(owner, { token: sol(), amount: '0.1', units: 100_000_000n, receiver })

describe('the Solana adapter, with an injected wallet on the local chain', () => {
  it('lists the injected wallet, connects it and reports its account', async () => {
    adapter = pageLoad()
    // Wallets another test file registered in this worker stay listed, under their own names.
    const listed = adapter.listWallets().filter((wallet) => wallet.name.includes('Solana Wallet'))
    expect(listed).toEqual([
      {
        id: 'solana:Test Solana Wallet',
        name: 'Test Solana Wallet',
        type: 'ANNOUNCED',
        chain: 'solana',
        imageUrl: user.wallet.icon,
      },
    ])
    // The Connect view's list (the connection store) holds it beside the EIP-6963 wallets.
    expect(connectionStore.get().connectors).toContainEqual(listed[0])
    expect(adapter.getAccounts()).toEqual([])
    await adapter.connect(listed[0]?.id ?? '')
    // The connect button and the modal show the Solana account as connected.
    expect(connectionStore.get().status).toBe('connected')
    const caipNetworkId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    expect(adapter.getAccounts()).toEqual([
      {
        namespace: 'solana',
        caipNetworkId,
        address: user.address,
        caipAddress: `${caipNetworkId}:${user.address}`,
      },
    ])
    account = adapter.getAccounts()[0] as ChainAccount
    expect(accountStore.get().byNamespace.solana).toMatchObject({
      address: user.address,
      status: 'connected',
      connectedWalletInfo: { name: 'Test Solana Wallet' },
    })
    expect(readStored('solanaWallet')).toBe('Test Solana Wallet')
    expect(user.prompts).toEqual(['standard:connect'])
  })

  it('leaves out a wallet-standard wallet that has no Solana chain or cannot sign', () => {
    const connect = { version: '1.0.0', connect: async () => ({ accounts: [] }) }
    const page = solanaTestPage()
    for (const wallet of [
      {
        name: 'Sui Only',
        chains: ['sui:mainnet'] as const,
        features: { 'standard:connect': connect },
      },
      {
        name: 'Sees Solana, Signs Nothing',
        chains: ['solana:mainnet'] as const,
        features: { 'standard:connect': connect },
      },
    ]) {
      page.dispatchEvent(
        Object.assign(new Event('wallet-standard:register-wallet'), {
          detail: ({ register }: { register(wallet: Wallet): void }) =>
            register({ version: '1.0.0', icon: user.wallet.icon, accounts: [], ...wallet }),
        }),
      )
    }
    const names = adapter.listWallets().map((wallet) => wallet.name)
    expect(names).toContain('Test Solana Wallet')
    expect(names).not.toContain('Sui Only')
    expect(names).not.toContain('Sees Solana, Signs Nothing')
  })

  it('is connected again after a reload, without asking the user', async () => {
    adapter = pageLoad()
    expect(adapter.getAccounts()).toEqual([])
    await adapter.reconnect()
    expect(adapter.getAccounts()).toEqual([account])
    expect(user.prompts).toEqual(['standard:connect'])
  })

  it('sends 0.1 SOL to a fresh address: the chain holds it, less only the quoted fee', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const before = await lamportsOf(address(user.address))
    const transfer = tenthOfSol(receiver)
    expect(transfer.native).toBe(true)
    const costs = await adapter.estimateTransferCosts(transfer)
    expect(costs).toEqual({ fee: 5000n, rent: 0n })
    expect(await adapter.estimateMaxTransferFee(account)).toBe(5000n)
    const signature = await adapter.sendTransfer(transfer)
    await adapter.waitForTransfer(account, signature)
    expect(await lamportsOf(receiver)).toBe(100_000_000n)
    expect(await lamportsOf(address(user.address))).toBe(before - 100_000_000n - costs.fee)
  })

  it('sends 5 USDC to an address with no token account, creating it and paying its rent', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const solBefore = await lamportsOf(address(user.address))
    const usdcBefore = (await usdcOf(address(user.address))) ?? 0n
    expect(await usdcOf(receiver)).toBeUndefined()
    const transfer = adapter.buildTransfer(account, {
      token: usdc(),
      amount: '5',
      units: 5_000_000n,
      receiver,
    })
    expect(transfer.native).toBe(false)
    const rent = await rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send()
    const costs = await adapter.estimateTransferCosts(transfer)
    expect(costs).toEqual({ fee: 5000n, rent })
    await adapter.waitForTransfer(account, await adapter.sendTransfer(transfer))
    expect(await usdcOf(receiver)).toBe(5_000_000n)
    expect(await usdcOf(address(user.address))).toBe(usdcBefore - 5_000_000n)
    expect(await lamportsOf(address(user.address))).toBe(solBefore - 5000n - rent)
    // A second transfer finds the account made: no rent this time.
    expect(await adapter.estimateTransferCosts(transfer)).toEqual({ fee: 5000n, rent: 0n })
  })

  it('refuses a malformed or wrong-length receiver in plain words, asking the wallet nothing', () => {
    const draft = { token: sol(), amount: '0.1', units: 100_000_000n }
    const prompts = user.prompts.length
    expect(() => adapter.buildTransfer(account, { ...draft, receiver: '0xAbC' })).toThrow(
      'Invalid Solana address: it is not base58 (0, O, I and l are not base58 characters)',
    )
    // Base58 all right, but 31 bytes: a key with one byte missing.
    const short = user.address.slice(0, -1)
    expect(() => adapter.buildTransfer(account, { ...draft, receiver: short })).toThrow(
      /^Invalid Solana address: it decodes to 3\d bytes, a Solana address is 32$/,
    )
    expect(user.prompts.length).toBe(prompts)
  })

  it('refuses an amount above the balance less the fee, and nothing is sent', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const balance = await lamportsOf(address(user.address))
    const prompts = user.prompts.length
    const tooMuch = adapter.buildTransfer(account, {
      token: sol(),
      amount: 'all of it and one lamport',
      units: balance - 5000n + 1n,
      receiver,
    })
    const error = await adapter.sendTransfer(tooMuch).catch((reason: Error) => reason)
    expect(error).toMatchObject({ shortMessage: 'Insufficient funds' })
    expect((error as Error).message).toContain('the 0.000005 SOL network fee are needed')
    expect(user.prompts.length).toBe(prompts)
    // Exactly the balance less the fee is what Max fills, and it would go through.
    const max = { ...tooMuch, units: balance - (await adapter.estimateMaxTransferFee(account)) }
    await expect(adapter.estimateTransferCosts(max)).resolves.toEqual({ fee: 5000n, rent: 0n })
    // More USDC than held, likewise.
    const usdcTooMuch = adapter.buildTransfer(account, {
      token: usdc(),
      amount: '1000000',
      units: 1_000_000_000_000n,
      receiver,
    })
    await expect(adapter.sendTransfer(usdcTooMuch)).rejects.toMatchObject({
      shortMessage: 'Insufficient funds',
    })
    expect(user.prompts.length).toBe(prompts)
    expect(await lamportsOf(receiver)).toBe(0n)
    expect(await lamportsOf(address(user.address))).toBe(balance)
  })

  it("maps the wallet's Reject to the user-rejected error, and nothing is sent", async () => {
    const receiver = (await generateKeyPairSigner()).address
    user.answerNext('reject')
    const transfer = tenthOfSol(receiver)
    const error = await adapter.sendTransfer(transfer).catch((reason: unknown) => reason)
    expect(isUserRejection(error)).toBe(true)
    expect(user.prompts.at(-1)).toBe('solana:signTransaction')
    expect(await lamportsOf(receiver)).toBe(0n)
  })

  it('says plainly when the blockhash expired while the wallet was asked; nothing lands', async () => {
    const receiver = (await generateKeyPairSigner()).address
    // The user approves only once the chain is past the blockhash's last valid block (counted
    // in blocks, not time: a busy machine's slots come late).
    user.answerNext({
      async approveWhen() {
        const asked = await rpc.getBlockHeight().send()
        while ((await rpc.getBlockHeight().send()) <= asked + BigInt(MAX_PROCESSING_AGE) + 1n)
          await new Promise((resolve) => setTimeout(resolve, 100))
      },
    })
    const transfer = tenthOfSol(receiver)
    await expect(adapter.sendTransfer(transfer)).rejects.toThrow(
      'Blockhash not found: the transaction expired before it reached the network. Try again',
    )
    expect(await lamportsOf(receiver)).toBe(0n)
    // 150 slots go by first: seconds on an idle machine, more on a busy one.
  }, 60_000)

  it('signs a message that verifies with the account public key', async () => {
    const message = 'Sign in to Portico\nNonce: 8f2a91c4'
    const signature = await adapter.signMessage(account, message)
    const bytes = getBase58Encoder().encode(signature)
    expect(bytes.length).toBe(64)
    const key = await getPublicKeyFromAddress(address(user.address))
    const data = new TextEncoder().encode(message)
    expect(await verifySignature(key, bytes as SignatureBytes, data)).toBe(true)
    expect(await verifySignature(key, bytes as SignatureBytes, data.subarray(1))).toBe(false)
  })

  it('disconnects, and the next load stays disconnected', async () => {
    await adapter.disconnect()
    expect(adapter.getAccounts()).toEqual([])
    expect(accountStore.get().byNamespace.solana).toBeUndefined()
    expect(connectionStore.get().status).toBe('disconnected')
    expect(readStored('solanaWallet')).toBeUndefined()
    const next = pageLoad()
    await next.reconnect()
    expect(next.getAccounts()).toEqual([])
  })
  it('sends through a wallet that only signs and sends itself, once the user accepts it', async () => {
    const second = devnet.accounts[1]
    if (!second) throw new Error('no second dev account')
    const selfSending = await solanaTestWallet({
      privateKey: second.privateKey,
      rpcUrl: devnet.rpcUrl,
      name: 'Self-sending Wallet',
      sendsItself: true,
    })
    selfSending.register()
    const page = pageLoad()
    expect(page.listWallets().map((wallet) => wallet.name)).toContain('Self-sending Wallet')
    selfSending.answerNext('reject')
    const refused = await page.connect('solana:Self-sending Wallet').catch((error) => error)
    expect(isUserRejection(refused)).toBe(true)
    expect(page.getAccounts()).toEqual([])
    await page.connect('solana:Self-sending Wallet')
    const [from] = page.getAccounts()
    if (!from) throw new Error('not connected')
    const receiver = (await generateKeyPairSigner()).address
    const transfer = tenthOfSol(receiver, page, from)
    await page.waitForTransfer(from, await page.sendTransfer(transfer))
    expect(selfSending.prompts).toEqual([
      'standard:connect',
      'standard:connect',
      'solana:signAndSendTransaction',
    ])
    expect(await lamportsOf(receiver)).toBe(100_000_000n)
  })
})
