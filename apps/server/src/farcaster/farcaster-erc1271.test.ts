// A fid whose custody address is a contract (a smart wallet): the server asks the contract with
// ERC-1271 isValidSignature whether it signed. The wallet is test/contract-account's
// OwnedAccount, deployed on the devnet; it accepts what its owner's key signed. The registry's
// gateway (the devnet deployer) registers the next fid to it.
import { DEPLOYER, DEV_ACCOUNTS, DEVNET_CONTRACTS, idRegistryAbi } from '@portico/devnet'
import { type Address, createPublicClient, createWalletClient, getAddress, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployOwnedAccount } from '../test/contract-account'
import {
  type FarcasterRig,
  farcasterClient,
  signInMessage,
  startFarcasterRig,
} from '../test/farcaster-client'
import { storedRows } from '../test/stored-rows'

const owner = privateKeyToAccount(DEV_ACCOUNTS[4].privateKey)
const stranger = privateKeyToAccount(DEV_ACCOUNTS[5].privateKey)

let rig: FarcasterRig
let smartWallet: Address
let fid: number
const { createChannel, authenticate, status, login } = farcasterClient(() => rig)
const stored = storedRows(
  () => rig.server.app.portico.db,
  ['embedded_wallet_users', 'embedded_wallet_identities', 'embedded_wallet_sessions'],
)

beforeAll(async () => {
  rig = await startFarcasterRig()
  const rpcUrl = rig.devnet.chains[0]?.rpcUrl as string
  const transport = http(rpcUrl)
  const chain = { ...mainnet, id: 1 }
  const reader = createPublicClient({ chain, transport })
  smartWallet = getAddress(
    await deployOwnedAccount(rpcUrl, DEV_ACCOUNTS[4].privateKey, owner.address),
  )
  const gateway = createWalletClient({
    account: privateKeyToAccount(DEPLOYER.privateKey),
    chain,
    transport,
  })
  const registered = await gateway.writeContract({
    address: DEVNET_CONTRACTS.idRegistry,
    abi: idRegistryAbi,
    functionName: 'register',
    args: [smartWallet, owner.address],
  })
  await reader.waitForTransactionReceipt({ hash: registered })
  fid = Number(
    await reader.readContract({
      address: DEVNET_CONTRACTS.idRegistry,
      abi: idRegistryAbi,
      functionName: 'idOf',
      args: [smartWallet],
    }),
  )
}, 180_000)
afterAll(async () => {
  await rig?.stop()
})

/** The channel's message naming the smart wallet, signed by `signer`'s key. */
async function signedForSmartWallet(nonce: string, signer = owner) {
  const message = signInMessage({
    nonce,
    issuedAt: rig.clock.now,
    fid,
    account: { address: smartWallet } as typeof owner,
  })
  return { message, signature: await signer.signMessage({ message }), fid, username: 'smart' }
}

describe('a contract custody address (ERC-1271)', () => {
  it('signs in when the contract accepts the signature, and the login gives that fid its user', async () => {
    expect(fid).toBeGreaterThan(1)
    const channel = await createChannel()
    const response = await authenticate(
      channel.channelToken,
      await signedForSmartWallet(channel.nonce),
    )
    expect(response.status, await response.clone().text()).toBe(201)
    const done = await status(channel.channelToken)
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ state: 'completed', fid, custody: smartWallet })
    const session = await login(channel.channelToken)
    expect(session.status).toBe(200)
    expect((await session.json()).user).toMatchObject({ fid, userName: 'smart' })
  })

  it('refuses a signature the contract does not accept, storing nothing', async () => {
    const before = await stored.read()
    const channel = await createChannel()
    const response = await authenticate(
      channel.channelToken,
      await signedForSmartWallet(channel.nonce, stranger),
    )
    expect(response.status).toBe(401)
    const { error } = (await response.json()) as { error: { code: string; message: string } }
    expect(error).toEqual({
      code: 'FARCASTER_MESSAGE_INVALID',
      message: 'Invalid Farcaster sign-in: the signature is not the account’s',
    })
    expect((await status(channel.channelToken)).status).toBe(202)
    expect(await stored.read()).toEqual(before)
  })
})
