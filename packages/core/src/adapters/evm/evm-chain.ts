// The EVM adapter's type: the seam plus what only eip155 has (contract calls, for swaps). A file
// of its own so a flow that needs the EVM side (the swap) names it without loading the adapter.
import type { Config } from '@wagmi/core'
import type { ChainAccount, ChainAdapter } from '../chain-adapter'
import type { EvmCall } from './evm-transfer'

export type { EvmCall }

/** EVM beyond the seam: contract calls, for the features only eip155 has (swaps). */
export interface EvmChainAdapter extends ChainAdapter {
  readonly namespace: 'eip155'
  readonly config: Config
  /** eth_sendTransaction of the call from the account; resolves with the hash once sent. */
  sendCall(account: ChainAccount, call: EvmCall): Promise<string>
  /** Waits for the call's receipt: whether the chain ran it (false: reverted). */
  waitForCall(account: ChainAccount, hash: string): Promise<boolean>
}

/** The eip155 adapter with its EVM-only actions; undefined for another namespace's. */
export function asEvmChainAdapter(adapter: ChainAdapter): EvmChainAdapter | undefined {
  return adapter.namespace === 'eip155' && 'sendCall' in adapter
    ? (adapter as EvmChainAdapter)
    : undefined
}
