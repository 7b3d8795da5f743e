// What the wallet offers a dapp: its one account on both local chains, the methods it answers
// and the events it may emit; buildApprovedNamespaces keeps what the proposal asked for.

import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import type { Address } from 'viem'
import { SUPPORTED_CHAIN_IDS } from './chains'

export const SUPPORTED_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'eth_chainId',
  'eth_accounts',
] as const

export const SUPPORTED_EVENTS = ['chainChanged', 'accountsChanged'] as const

export const SUPPORTED_CHAINS = SUPPORTED_CHAIN_IDS.map((chainId) => `eip155:${chainId}`)

export function buildSessionNamespaces(
  proposal: ProposalTypes.Struct,
  address: Address,
): SessionTypes.Namespaces {
  return buildApprovedNamespaces({
    proposal,
    supportedNamespaces: {
      eip155: {
        chains: SUPPORTED_CHAINS,
        methods: [...SUPPORTED_METHODS],
        events: [...SUPPORTED_EVENTS],
        accounts: SUPPORTED_CHAINS.map((chain) => `${chain}:${address}`),
      },
    },
  })
}

/** Every chain and method a proposal asks for, required or optional, for the approval card. */
export function requestedScope(proposal: ProposalTypes.Struct): {
  chains: string[]
  methods: string[]
} {
  const namespaces = [
    ...Object.entries(proposal.requiredNamespaces ?? {}),
    ...Object.entries(proposal.optionalNamespaces ?? {}),
  ]
  const chains = new Set<string>()
  const methods = new Set<string>()
  for (const [key, namespace] of namespaces) {
    // A namespace keyed by a chain (`eip155:1`) names its chain in the key.
    for (const chain of namespace.chains ?? (key.includes(':') ? [key] : [])) chains.add(chain)
    for (const method of namespace.methods) methods.add(method)
  }
  return { chains: [...chains], methods: [...methods] }
}
