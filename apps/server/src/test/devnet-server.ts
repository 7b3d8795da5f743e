// A seeded devnet chain (anvil with the Uniswap V2 pools, USDC and PRTC) and the real server on
// it, configured as the start script configures it: prices from the pools, the devnet's tokens
// in the token list. The server's clock is a number the test moves by hand.
import { DEVNET_CONTRACTS, type Devnet, startDevnet } from '@portico/devnet'
import type { ConfigOverrides } from '../config'
import { devnetConvertConfig } from './devnet-convert-config'
import { startTestServer, type TestServer } from './test-server'

/** The price sources and token lists of devnet chains (what the start script passes). */
export function devnetBalanceConfig(
  chainIds: readonly number[],
): Pick<ConfigOverrides, 'priceSources' | 'tokenLists'> {
  return {
    priceSources: Object.fromEntries(
      chainIds.map((chainId) => [
        String(chainId),
        {
          kind: 'uniswap-v2',
          factory: DEVNET_CONTRACTS.uniswapV2Factory,
          usdCoin: DEVNET_CONTRACTS.usdc,
          wrappedNative: DEVNET_CONTRACTS.weth,
        } as const,
      ]),
    ),
    tokenLists: Object.fromEntries(
      chainIds.map((chainId) => [String(chainId), [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.token]]),
    ),
  }
}

export interface ManualClock {
  now: number
  advance(ms: number): void
}

/** A server clock at the wall time, moved only by `advance`. */
export function manualClock(): ManualClock {
  const clock: ManualClock = {
    now: Date.now(),
    advance(ms) {
      clock.now += ms
    },
  }
  return clock
}

export interface DevnetServer {
  devnet: Devnet
  rpcUrl: string
  server: TestServer
  clock: ManualClock
  stop(): Promise<void>
}

export async function startDevnetServer(
  options: { config?: ConfigOverrides } = {},
): Promise<DevnetServer> {
  const devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  const rpcUrl = devnet.chains[0]?.rpcUrl as string
  const clock = manualClock()
  try {
    const server = await startTestServer({
      chains: { 1: rpcUrl },
      config: { ...devnetBalanceConfig([1]), ...devnetConvertConfig([1]), ...options.config },
      deps: { clock: () => clock.now },
    })
    return {
      devnet,
      rpcUrl,
      server,
      clock,
      async stop() {
        await Promise.all([server.stop(), devnet.stop()])
      },
    }
  } catch (error) {
    await devnet.stop()
    throw error
  }
}
