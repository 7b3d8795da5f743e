import { spawnSync } from 'node:child_process'
import {
  type Address,
  createPublicClient,
  createTestClient,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freeClaimRewardsAbi,
  porticoBadgesAbi,
  porticoExplorersAbi,
  porticoUsdAbi,
} from './abis/portico-contracts'
import { uniswapV2FactoryAbi, uniswapV2RouterAbi } from './abis/uniswap-v2'
import { DEV_ACCOUNTS } from './accounts'
import { DEVNET_CONTRACTS, DEVNET_PAIRS } from './addresses'
import { SEEDED_BLOCK_INTERVAL_SECONDS } from './constants'
import { type Devnet, type DevnetChain, startDevnet } from './devnet'
import { ACCOUNT_0_HOLDINGS } from './seed-plan'

const account0 = DEV_ACCOUNTS[0].address
const randomPorts = [
  { chainId: 1, port: 0 },
  { chainId: 8453, port: 0 },
]

function clientFor(chain: DevnetChain): PublicClient {
  return createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
}

function firstChain(devnet: Devnet): DevnetChain {
  const chain = devnet.chains[0]
  if (!chain) throw new Error('the devnet started no chain')
  return chain
}

/** State that only a deterministic seed reproduces exactly, gas costs included. */
async function seededState(chain: DevnetChain) {
  const client = clientFor(chain)
  return {
    blockNumber: await client.getBlockNumber(),
    ethBalances: await Promise.all(
      DEV_ACCOUNTS.map(({ address }) => client.getBalance({ address })),
    ),
    usdcBalances: await Promise.all(
      DEV_ACCOUNTS.map(({ address }) =>
        client.readContract({
          address: DEVNET_CONTRACTS.usdc,
          abi: porticoUsdAbi,
          functionName: 'balanceOf',
          args: [address],
        }),
      ),
    ),
  }
}

/** anvil processes this test process started and that are still running. */
function runningAnvils(): number[] {
  // ps exits 1 when there are none, so read its output instead of its status.
  const { stdout } = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  })
  return stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === 'anvil')
    .map(([pid]) => Number(pid))
}

async function answersRpc(rpcUrl: string): Promise<boolean> {
  try {
    await fetch(rpcUrl, { method: 'POST', body: '{}' })
    return true
  } catch {
    return false
  }
}

describe('startDevnet', () => {
  let devnet: Devnet

  beforeAll(async () => {
    devnet = await startDevnet({ chains: randomPorts })
  })
  afterAll(() => devnet?.stop())

  it('deploys every contract at DEVNET_CONTRACTS on each chain', async () => {
    expect(devnet.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
      { chainId: 1, name: 'Ethereum' },
      { chainId: 8453, name: 'Base' },
    ])
    for (const chain of devnet.chains) {
      const client = clientFor(chain)
      expect(await client.getChainId()).toBe(chain.chainId)
      expect(chain.deployment).toEqual(DEVNET_CONTRACTS)
      for (const address of Object.values(DEVNET_CONTRACTS)) {
        expect((await client.getCode({ address }))?.length, address).toBeGreaterThan(2)
      }
      const wethUsdc = await client.readContract({
        address: DEVNET_CONTRACTS.uniswapV2Factory,
        abi: uniswapV2FactoryAbi,
        functionName: 'getPair',
        args: [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc],
      })
      expect(wethUsdc).toBe(DEVNET_PAIRS.wethUsdc)
    }
  })

  it('gives account 0 its seeded tokens, NFTs and badges', async () => {
    const client = clientFor(firstChain(devnet))
    const erc20Balance = (address: Address) =>
      client.readContract({
        address,
        abi: porticoUsdAbi,
        functionName: 'balanceOf',
        args: [account0],
      })
    expect(await erc20Balance(DEVNET_CONTRACTS.usdc)).toBe(ACCOUNT_0_HOLDINGS.usdc)
    expect(await erc20Balance(DEVNET_CONTRACTS.token)).toBe(ACCOUNT_0_HOLDINGS.token)
    expect(ACCOUNT_0_HOLDINGS.usdc).toBe(parseUnits('10000', 6))
    expect(ACCOUNT_0_HOLDINGS.token).toBe(parseEther('1000'))

    for (const [address, abi, ids] of [
      [DEVNET_CONTRACTS.nft, porticoExplorersAbi, ACCOUNT_0_HOLDINGS.nftIds],
      [DEVNET_CONTRACTS.spamNft, freeClaimRewardsAbi, ACCOUNT_0_HOLDINGS.spamNftIds],
    ] as const) {
      const owned = await client.readContract({
        address,
        abi,
        functionName: 'balanceOf',
        args: [account0],
      })
      expect(owned).toBe(BigInt(ids.length))
      for (const id of ids) {
        expect(
          await client.readContract({ address, abi, functionName: 'ownerOf', args: [id] }),
        ).toBe(account0)
      }
    }
    for (const { id, amount } of ACCOUNT_0_HOLDINGS.badges) {
      const held = await client.readContract({
        address: DEVNET_CONTRACTS.badges,
        abi: porticoBadgesAbi,
        functionName: 'balanceOf',
        args: [account0, id],
      })
      expect(held).toBe(amount)
    }
  })

  it('serves NFT metadata as data URIs only', async () => {
    const client = clientFor(firstChain(devnet))
    const uri = await client.readContract({
      address: DEVNET_CONTRACTS.nft,
      abi: porticoExplorersAbi,
      functionName: 'tokenURI',
      args: [1n],
    })
    const prefix = 'data:application/json;base64,'
    expect(uri.startsWith(prefix)).toBe(true)
    const metadata = JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString())
    expect(metadata.name).toBe('Portico Explorer #1')
    expect(metadata.image).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('quotes 1 WETH at about 3000 USDC and 1 PRTC at about 0.25 USDC', async () => {
    const client = clientFor(firstChain(devnet))
    const quote = async (amountIn: bigint, path: readonly `0x${string}`[]) => {
      const amounts = await client.readContract({
        address: DEVNET_CONTRACTS.uniswapV2Router,
        abi: uniswapV2RouterAbi,
        functionName: 'getAmountsOut',
        args: [amountIn, path],
      })
      return Number(amounts.at(-1)) / 1e6
    }
    // The pool fee (0.3 %) and the seeded swap keep quotes a little under the seeded price.
    const ethInUsdc = await quote(parseEther('1'), [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc])
    expect(ethInUsdc).toBeGreaterThan(2970)
    expect(ethInUsdc).toBeLessThan(3000)
    const prtcInUsdc = await quote(parseEther('1'), [DEVNET_CONTRACTS.token, DEVNET_CONTRACTS.usdc])
    expect(prtcInUsdc).toBeGreaterThan(0.247)
    expect(prtcInUsdc).toBeLessThan(0.25)
  })

  it('gives every dev account history of its own', async () => {
    const client = clientFor(firstChain(devnet))
    const sent = await Promise.all(
      DEV_ACCOUNTS.map(({ address }) => client.getTransactionCount({ address })),
    )
    expect(sent.every((count) => count > 0)).toBe(true)
  })

  it('yields the same addresses and state on a second run', async () => {
    const second = await startDevnet({ chains: randomPorts })
    try {
      expect(second.chains.map(({ deployment }) => deployment)).toEqual(
        devnet.chains.map(({ deployment }) => deployment),
      )
      expect(await seededState(firstChain(second))).toEqual(await seededState(firstChain(devnet)))
    } finally {
      await second.stop()
    }
  })

  it('dates seeded blocks an hour apart, ending in the past', async () => {
    const client = clientFor(firstChain(devnet))
    const latest = await client.getBlock()
    const previous = await client.getBlock({ blockNumber: latest.number - 1n })
    expect(latest.timestamp - previous.timestamp).toBe(BigInt(SEEDED_BLOCK_INTERVAL_SECONDS))
    expect(Number(latest.timestamp)).toBeLessThan(Date.now() / 1000)
  })

  it('mines blocks at wall-clock time once started', async () => {
    const fresh = await startDevnet({ chains: [{ chainId: 1, port: 0 }], seed: false })
    try {
      const client = createTestClient({
        mode: 'anvil',
        transport: http(firstChain(fresh).rpcUrl, { retryCount: 0 }),
      })
      await client.mine({ blocks: 1 })
      const block = await createPublicClient({
        transport: http(firstChain(fresh).rpcUrl, { retryCount: 0 }),
      }).getBlock()
      expect(Math.abs(Number(block.timestamp) - Date.now() / 1000)).toBeLessThan(5)
    } finally {
      await fresh.stop()
    }
  })

  it('stops every anvil on stop()', async () => {
    const before = runningAnvils()
    const short = await startDevnet({ chains: randomPorts, seed: false })
    expect(runningAnvils()).toHaveLength(before.length + 2)
    expect(await answersRpc(firstChain(short).rpcUrl)).toBe(true)
    await short.stop()
    expect(runningAnvils()).toEqual(before)
    for (const chain of short.chains) expect(await answersRpc(chain.rpcUrl)).toBe(false)
    await short.stop()
  })

  it('rejects a chain listed twice without starting anything', async () => {
    await expect(startDevnet({ chains: [{ chainId: 1 }, { chainId: 1 }] })).rejects.toThrow(
      'chain 1 is listed twice',
    )
  })

  it('stops the chains it started when another cannot start', async () => {
    const before = runningAnvils()
    const taken = firstChain(devnet).port
    await expect(
      startDevnet({
        chains: [
          { chainId: 10, port: 0 },
          { chainId: 1, port: taken },
        ],
      }),
    ).rejects.toThrow(/Address already in use/)
    expect(runningAnvils()).toEqual(before)
  })
})
