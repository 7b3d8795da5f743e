// What the wallet page shows: the account, its sessions, and the proposals, requests and
// sign-in requests waiting for the person, each with the dapp that sent it.
import type { ProposalTypes } from '@walletconnect/types'
import type { Address } from 'viem'
import type { AuthRequest } from './auth'
import type { RequestSummary } from './requests'

export interface DappInfo {
  name: string
  url: string
}

export interface PendingProposal {
  id: number
  dapp: DappInfo
  chains: string[]
  methods: string[]
  /** Sign-in messages the proposal asks to have signed with the approval (one-click auth). */
  signInMessages: string[]
  proposal: ProposalTypes.Struct
}

export interface PendingRequest {
  id: number
  topic: string
  dapp: DappInfo
  chainId: string
  summary: RequestSummary
  request: { method: string; params: unknown }
}

export interface PendingAuth {
  id: number
  dapp: DappInfo
  /** The sign-in message the account would sign; undefined when no chain is shared. */
  message: string | undefined
  request: AuthRequest
}

export interface ActiveSession {
  topic: string
  dapp: DappInfo
  chains: string[]
}

export interface WalletState {
  address: Address
  sessions: ActiveSession[]
  proposals: PendingProposal[]
  requests: PendingRequest[]
  auths: PendingAuth[]
  /** The last thing that went wrong, for the page's alert. */
  error: string | undefined
}

export function dappOf(metadata: { name?: string; url?: string } | undefined): DappInfo {
  return { name: metadata?.name || 'Unknown dapp', url: metadata?.url || '' }
}
