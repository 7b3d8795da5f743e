// What a flow reads off the account it is given, written once for every caller.
import type { ChainAccount } from './chain-adapter'

/** The chain id of an eip155 account (`eip155:8453` -> 8453). */
export const evmChainIdOf = (account: ChainAccount): number =>
  Number(account.caipNetworkId.split(':')[1])
