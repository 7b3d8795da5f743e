// One-click auth (`session_authenticate`): the dapp asks for a sign-in message (CAIP-122 /
// SIWE) and a session at once. The wallet signs one CACAO per chain it shares with the request.
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
