// The swap configuration of devnet chains (what the start script passes): the devnet's Uniswap
// V2 router, factory and WETH, its USDC and PRTC offered beside ETH, USDC as a connector (PRTC
// has a pool only against USDC, so ETH <-> PRTC goes WETH -> USDC -> PRTC).
import { DEVNET_CONTRACTS } from '@portico/devnet'
import type { ConfigOverrides } from '../config'

export function devnetConvertConfig(chainIds: readonly number[]): Pick<ConfigOverrides, 'convert'> {
  return {
    convert: Object.fromEntries(
      chainIds.map((chainId) => [
        String(chainId),
        {
          kind: 'uniswap-v2',
          router: DEVNET_CONTRACTS.uniswapV2Router,
          factory: DEVNET_CONTRACTS.uniswapV2Factory,
          wrappedNative: DEVNET_CONTRACTS.weth,
          tokens: [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.token],
          connectors: [DEVNET_CONTRACTS.usdc],
          suggested: ['native', DEVNET_CONTRACTS.usdc],
          popular: ['native', DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.token],
        } as const,
      ]),
    ),
  }
}
