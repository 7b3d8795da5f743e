// One-click auth: the dapp asks for a sign-in message (CAIP-122 / SIWE) and a session at once,
// either as a `session_authenticate` request (the wallet signs one CACAO per chain it shares
// with it) or inside a session proposal (`requests.authentication`, answered with the approval).
import type { IWalletKit } from '@reown/walletkit'
import type { AuthTypes } from '@walletconnect/types'
import { buildAuthObject, populateAuthPayload } from '@walletconnect/utils'
import type { PrivateKeyAccount } from 'viem'
import { SUPPORTED_CHAINS, SUPPORTED_METHODS } from './namespaces'

export interface AuthRequest {
  id: number
  params: AuthTypes.AuthRequestEventArgs
}

/** The request narrowed to what this wallet supports; undefined when no chain is shared. */
export function authPayloadFor(request: AuthRequest): AuthTypes.PayloadParams | undefined {
  const payload = populateAuthPayload({
    authPayload: request.params.authPayload,
    chains: SUPPORTED_CHAINS,
    methods: [...SUPPORTED_METHODS],
  })
  return payload.chains.length ? payload : undefined
}

/** The text the account signs for the first shared chain, for the approval card. */
export function authMessageFor(
  walletKit: IWalletKit,
  request: AuthRequest,
  account: PrivateKeyAccount,
): string | undefined {
  const payload = authPayloadFor(request)
  const chain = payload?.chains[0]
  if (!payload || !chain) return undefined
  return walletKit.formatAuthMessage({ request: payload, iss: `${chain}:${account.address}` })
}

export async function approveAuthRequest(
  walletKit: IWalletKit,
  request: AuthRequest,
  account: PrivateKeyAccount,
): Promise<void> {
  const payload = authPayloadFor(request)
  if (!payload) throw new Error('The sign-in request names no chain this wallet is on')
  const auths: AuthTypes.Cacao[] = []
  for (const chain of payload.chains) {
    const iss = `${chain}:${account.address}`
    const message = walletKit.formatAuthMessage({ request: payload, iss })
    const signature = await account.signMessage({ message })
    auths.push(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))
  }
  await walletKit.approveSessionAuthenticate({ id: request.id, auths })
}

type ProposalAuthentication = AuthTypes.AuthenticateParams

/** The chain a proposal's sign-in request is signed on: its first one this wallet is on. */
function proposalAuthChain(request: ProposalAuthentication): string | undefined {
  return request.chains.find((chain) => SUPPORTED_CHAINS.includes(chain))
}

/** The sign-in messages a session proposal carries, as the account would sign them. */
export function proposalAuthMessages(
  walletKit: IWalletKit,
  requests: ProposalAuthentication[] | undefined,
  account: PrivateKeyAccount,
): string[] {
  return (requests ?? []).flatMap((request) => {
    const chain = proposalAuthChain(request)
    if (!chain) return []
    return [walletKit.formatAuthMessage({ request, iss: `${chain}:${account.address}` })]
  })
}

/** One CACAO per sign-in request of a proposal, for `proposalRequestsResponses`. */
export async function signProposalAuthentication(
  walletKit: IWalletKit,
  requests: ProposalAuthentication[],
  account: PrivateKeyAccount,
): Promise<AuthTypes.Cacao[]> {
  const cacaos: AuthTypes.Cacao[] = []
  for (const request of requests) {
    const chain = proposalAuthChain(request)
    if (!chain) continue
    const iss = `${chain}:${account.address}`
    const message = walletKit.formatAuthMessage({ request, iss })
    const signature = await account.signMessage({ message })
    cacaos.push(
      buildAuthObject({ ...request, chains: [chain] }, { t: 'eip191', s: signature }, iss),
    )
  }
  return cacaos
}
