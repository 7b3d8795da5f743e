// The devnet's Farcaster IdRegistry: deployed at DEVNET_CONTRACTS.idRegistry, the seeded fids
// readable through the real registry's idOf / custodyOf, the Register and Transfer events as
// the real one emits them, and registration closed to anyone but the gateway (the deployer).
import { createPublicClient, createWalletClient, http, parseEventLogs, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idRegistryAbi } from './abis/portico-contracts'
import { DEPLOYER, DEV_ACCOUNTS } from './accounts'
import { DEVNET_CONTRACTS } from './addresses'
import { type Devnet, startDevnet } from './devnet'
import { SEEDED_FIDS } from './seed-plan'

let devnet: Devnet
let rpcUrl: string

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  rpcUrl = devnet.chains[0]?.rpcUrl as string
}, 120_000)
afterAll(async () => {
  await devnet?.stop()
})

const registry = { address: DEVNET_CONTRACTS.idRegistry, abi: idRegistryAbi } as const

describe('devnet IdRegistry', () => {
  it('holds fid 1 for dev account 2, read both ways, and counts one fid', async () => {
    const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
    const custody = DEV_ACCOUNTS[2].address
    expect(SEEDED_FIDS).toEqual([{ fid: 1n, custody: 2, username: 'portico-dev' }])
    expect(await client.readContract({ ...registry, functionName: 'idOf', args: [custody] })).toBe(
      1n,
    )
    expect(await client.readContract({ ...registry, functionName: 'custodyOf', args: [1n] })).toBe(
      custody,
    )
    expect(await client.readContract({ ...registry, functionName: 'idCounter' })).toBe(1n)
    expect(await client.readContract({ ...registry, functionName: 'idGateway' })).toBe(
      DEPLOYER.address,
    )
    // An address without a fid reads 0, a fid never handed out reads the zero address.
    expect(
      await client.readContract({
        ...registry,
        functionName: 'idOf',
        args: [DEV_ACCOUNTS[0].address],
      }),
    ).toBe(0n)
    expect(await client.readContract({ ...registry, functionName: 'custodyOf', args: [2n] })).toBe(
      zeroAddress,
    )

    const logs = parseEventLogs({
      abi: idRegistryAbi,
      logs: await client.getLogs({ address: registry.address, fromBlock: 0n }),
    })
    expect(logs.map(({ eventName, args }) => ({ eventName, args }))).toEqual([
      { eventName: 'Register', args: { to: custody, id: 1n, recovery: zeroAddress } },
      { eventName: 'Transfer', args: { from: zeroAddress, to: custody, id: 1n } },
    ])
  })

  it('registers only from the gateway', async () => {
    const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
    const account = privateKeyToAccount(DEV_ACCOUNTS[3].privateKey)
    await expect(
      client.simulateContract({
        ...registry,
        account,
        functionName: 'register',
        args: [account.address, zeroAddress],
      }),
    ).rejects.toThrow(/Unauthorized/)
    const gateway = createWalletClient({
      account: privateKeyToAccount(DEPLOYER.privateKey),
      transport: http(rpcUrl, { retryCount: 0 }),
    })
    // A custody address holds one fid at most, as on the real registry.
    await expect(
      client.simulateContract({
        ...registry,
        account: gateway.account,
        functionName: 'register',
        args: [DEV_ACCOUNTS[2].address, zeroAddress],
      }),
    ).rejects.toThrow(/HasId/)
  })
})
