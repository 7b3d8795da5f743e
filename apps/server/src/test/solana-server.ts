// The local Solana chain and the real server on it, configured as the start script configures
// it (the chain under mainnet's CAIP-2 id, SOL and the dev tokens priced). The server's clock is
// a number the test moves by hand.
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet/solana'
import { type ManualClock, manualClock } from './devnet-server'
import { solanaDevnetConfig } from './solana-devnet-config'
import { startTestServer, type TestServer } from './test-server'

export interface SolanaServer {
  solana: SolanaDevnet
  server: TestServer
  clock: ManualClock
  stop(): Promise<void>
}

export async function startSolanaServer(): Promise<SolanaServer> {
  const solana = await startSolanaDevnet()
  const clock = manualClock()
  try {
    const { chains, solanaTokens } = solanaDevnetConfig(solana)
    const server = await startTestServer({
      chains,
      config: { solanaTokens },
      deps: { clock: () => clock.now },
    })
    return {
      solana,
      server,
      clock,
      async stop() {
        await Promise.all([server.stop(), solana.stop()])
      },
    }
  } catch (error) {
    await solana.stop()
    throw error
  }
}
