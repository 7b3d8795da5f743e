// What the start script, the tests and the examples give the server for the local Solana chain:
// its upstream under mainnet's CAIP-2 id, SOL's price and the dev tokens with theirs.
// Types only: the stack loads the Solana chain's modules (kit, litesvm) while anvil starts.
import type { SolanaDevnet } from '@portico/devnet/solana'
import type { ChainUrls } from '../chains/chain-upstream'
import type { ConfigOverrides } from '../config'

export function solanaDevnetConfig(
  solana: Pick<SolanaDevnet, 'caip2' | 'rpcUrl' | 'solUsdPrice' | 'usdc' | 'token'>,
): { chains: ChainUrls } & Pick<ConfigOverrides, 'solanaTokens'> {
  return {
    chains: { [solana.caip2]: solana.rpcUrl },
    solanaTokens: {
      [solana.caip2]: {
        nativePrice: solana.solUsdPrice,
        tokens: [solana.usdc, solana.token].map(({ mint, symbol, name, usdPrice }) => ({
          mint,
          symbol,
          name,
          price: usdPrice,
        })),
      },
    },
  }
}
