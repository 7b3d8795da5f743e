// The chains this wallet serves: the two local anvil devnets, under their public chain ids.
import { type Chain, defineChain } from 'viem'

export const SUPPORTED_CHAIN_IDS = [1, 8453] as const
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number]

export const CHAIN_NAMES: Record<SupportedChainId, string> = {
  1: 'Ethereum',
  8453: 'Base',
}

export function isSupportedChainId(chainId: number): chainId is SupportedChainId {
  return (SUPPORTED_CHAIN_IDS as readonly number[]).includes(chainId)
}

/** `eip155:8453` → 8453, or undefined for another namespace or an unsupported chain. */
export function parseEip155ChainId(caip2: string): SupportedChainId | undefined {
  const [namespace, reference] = caip2.split(':')
  const chainId = Number(reference)
  return namespace === 'eip155' && isSupportedChainId(chainId) ? chainId : undefined
}

/** A plain viem chain on the local RPC URL (no OP-stack formatters: anvil speaks plain EVM). */
export function localChain(chainId: SupportedChainId, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: CHAIN_NAMES[chainId],
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}
