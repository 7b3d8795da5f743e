// Our real server, in this process, for client tests: a fresh PGlite database (embedded
// defaults, no Redis), a free port on 127.0.0.1, the dev project, and a real chain behind it.
// Two sizes: a bare anvil chain (fast to start; sign-ins and RPC) or the seeded devnet (anvil
// with the Uniswap V2 pools, USDC and PRTC; balances, prices and swaps), as the server's own
// tests and the e2e stack start them.
// The server and devnet modules load when a test starts them (dynamic imports): a test file that
// takes only a stand-in from the kit does not pay for the server's module graph.
import type { Anvil } from '@portico/devnet'
import type { SolanaDevnet } from '@portico/devnet/solana'
import type { ConfigOverrides, DevnetServer, TestServer } from '@portico/server/testing'

export interface RealServer {
  /** Where the server listens: the `apiUrl` a Portico client is given. */
  url: string
  /** The dev project every fresh database holds (DEV_PROJECT_ID; origins: any localhost). */
  projectId: string
  /** The chain's JSON-RPC (chain id 1, as the server is configured). */
  rpcUrl: string
  server: TestServer
  stop(): Promise<void>
}

export interface RealServerOptions {
  /** Settings beside the defaults of a test server (price sources, limits, ...). */
  config?: ConfigOverrides
}

/** The server on a bare anvil chain with chain id 1. */
export async function startServerOnAnvil(
  options: RealServerOptions = {},
): Promise<RealServer & { anvil: Anvil }> {
  const [{ startAnvil }, { DEV_PROJECT_ID, startTestServer }] = await Promise.all([
    import('@portico/devnet'),
    import('@portico/server/testing'),
  ])
  const anvil = await startAnvil({ chainId: 1 })
  try {
    const server = await startTestServer({
      chains: { 1: anvil.rpcUrl },
      ...(options.config ? { config: options.config } : {}),
    })
    return {
      url: server.url,
      projectId: DEV_PROJECT_ID,
      rpcUrl: anvil.rpcUrl,
      server,
      anvil,
      async stop() {
        await Promise.all([server.stop(), anvil.stop()])
      },
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

/** The server on the seeded devnet (chain id 1), its clock a number the test moves. */
export async function startServerOnDevnet(
  options: RealServerOptions = {},
): Promise<RealServer & Pick<DevnetServer, 'devnet' | 'clock'>> {
  const { DEV_PROJECT_ID, startDevnetServer } = await import('@portico/server/testing')
  const started = await startDevnetServer(options.config ? { config: options.config } : {})
  return {
    url: started.server.url,
    projectId: DEV_PROJECT_ID,
    rpcUrl: started.rpcUrl,
    server: started.server,
    devnet: started.devnet,
    clock: started.clock,
    stop: () => started.stop(),
  }
}

/** The server on the local Solana chain (under mainnet's CAIP-2 id), as npm start runs it. */
export async function startServerOnSolana(): Promise<RealServer & { solana: SolanaDevnet }> {
  const { DEV_PROJECT_ID, startSolanaServer } = await import('@portico/server/testing')
  const started = await startSolanaServer()
  return {
    url: started.server.url,
    projectId: DEV_PROJECT_ID,
    rpcUrl: started.solana.rpcUrl,
    server: started.server,
    solana: started.solana,
    stop: () => started.stop(),
  }
}
