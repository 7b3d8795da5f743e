// The wallet as a Farcaster client (Sign In With Farcaster, FIP-11): it holds a fid, reads a
// sign-in link (a channel's farcasterUrl), and on approval signs the SIWE message with the fid's
// custody key and posts it to the relay's /v1/channel/authenticate, as a Farcaster app does.
// The message is written here, not with the server's code: the server must read what an
// independent client writes.

import { DEV_ACCOUNTS } from '@portico/devnet/accounts'
import type { AuthenticateBody } from '@portico/protocol/farcaster-auth'
import type { Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

/** Who the wallet is on Farcaster. */
export interface FarcasterIdentity {
  fid: number
  username: string
  custody: PrivateKeyAccount
}

/** What a sign-in link asks for: the fields the signed message must carry. */
export interface SignInRequest {
  channelToken: string
  domain: string
  siweUri: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

export interface FarcasterClientConfig {
  identity: FarcasterIdentity
  /** Where the auth relay is (our server): its /v1/channel/authenticate. */
  relayUrl: string
}

/**
 * The devnet's seeded fid (packages/devnet seed-plan.ts SEEDED_FIDS: fid 1, custody dev
 * account 2, 'portico-dev'); farcaster-client.test.ts checks they still agree.
 */
export const DEVNET_FID = { fid: 1, custodyAccount: 2, username: 'portico-dev' } as const

export class FarcasterLinkError extends Error {
  override name = 'FarcasterLinkError'
}

const CHANNEL_TOKEN = /^[A-Za-z0-9_-]{43}$/
const NONCE = /^[a-zA-Z0-9]{8,64}$/
const DOMAIN = /^[a-zA-Z0-9.-]{1,253}(?::[0-9]{1,5})?$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/
const REQUEST_ID = /^[\x21-\x7e]{1,256}$/

/** The relay's http(s) URL: the query's `apiUrl`, the build's, or the WalletConnect relay's host. */
export function farcasterRelayUrl(
  env: { VITE_PORTICO_API_URL?: string },
  search: string,
  walletConnectRelayUrl: string,
): string {
  const configured = new URLSearchParams(search).get('apiUrl') ?? env.VITE_PORTICO_API_URL
  if (configured) return configured.replace(/\/+$/, '')
  const relay = new URL(walletConnectRelayUrl)
  return `${relay.protocol === 'wss:' ? 'https:' : 'http:'}//${relay.host}`
}

/** The devnet fid, or the query's `fid`, `fidAccount` (its custody dev account) and `username`. */
export function readFarcasterIdentity(search: string): FarcasterIdentity {
  const query = new URLSearchParams(search)
  const fid = Number(query.get('fid') ?? DEVNET_FID.fid)
  const accountIndex = Number(query.get('fidAccount') ?? DEVNET_FID.custodyAccount)
  const account = DEV_ACCOUNTS[accountIndex]
  if (!Number.isSafeInteger(fid) || fid < 1)
    throw new FarcasterLinkError('fid must be a positive integer')
  if (!Number.isInteger(accountIndex) || !account) {
    throw new FarcasterLinkError(
      `fidAccount must be a dev account index from 0 to ${DEV_ACCOUNTS.length - 1}`,
    )
  }
  return {
    fid,
    username: query.get('username') ?? DEVNET_FID.username,
    custody: privateKeyToAccount(account.privateKey),
  }
}

/** Reads a sign-in link; anything but the parameters a channel's link carries is refused. */
export function parseSignInLink(text: string): SignInRequest {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new FarcasterLinkError('This is not a sign-in link')
  }
  const params = url.searchParams
  const channelToken = params.get('channelToken') ?? ''
  const nonce = params.get('nonce') ?? ''
  const domain = params.get('domain') ?? ''
  const siweUri = params.get('siweUri') ?? ''
  if (!CHANNEL_TOKEN.test(channelToken)) throw new FarcasterLinkError('The link has no channel')
  if (!NONCE.test(nonce)) throw new FarcasterLinkError('The link has no valid nonce')
  if (!DOMAIN.test(domain)) throw new FarcasterLinkError('The link has no valid domain')
  if (!URL.canParse(siweUri)) throw new FarcasterLinkError('The link has no valid URI')
  const request: SignInRequest = { channelToken, domain, siweUri, nonce }
  const notBefore = params.get('notBefore')
  const expirationTime = params.get('expirationTime')
  const requestId = params.get('requestId')
  if (notBefore !== null) {
    if (!DATE_TIME.test(notBefore)) throw new FarcasterLinkError('Not Before is not a date-time')
    request.notBefore = notBefore
  }
  if (expirationTime !== null) {
    if (!DATE_TIME.test(expirationTime)) {
      throw new FarcasterLinkError('Expiration Time is not a date-time')
    }
    request.expirationTime = expirationTime
  }
  if (requestId !== null) {
    if (!REQUEST_ID.test(requestId)) throw new FarcasterLinkError('The request id is not valid')
    request.requestId = requestId
  }
  return request
}

/** The EIP-4361 message FIP-11 asks for: statement 'Farcaster Auth', chain 10, the fid. */
export function signInMessage(
  request: SignInRequest,
  identity: FarcasterIdentity,
  issuedAt: Date,
): string {
  const lines = [
    `${request.domain} wants you to sign in with your Ethereum account:`,
    identity.custody.address,
    '',
    'Farcaster Auth',
    '',
    `URI: ${request.siweUri}`,
    'Version: 1',
    'Chain ID: 10',
    `Nonce: ${request.nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
  ]
  if (request.expirationTime) lines.push(`Expiration Time: ${request.expirationTime}`)
  if (request.notBefore) lines.push(`Not Before: ${request.notBefore}`)
  if (request.requestId) lines.push(`Request ID: ${request.requestId}`)
  lines.push('Resources:', `- farcaster://fid/${identity.fid}`)
  return lines.join('\n')
}

function refusalOf(body: unknown, status: number): string {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message
  return typeof message === 'string' && message !== ''
    ? message
    : `The relay refused the sign-in (HTTP ${status})`
}

/** Signs the request with the custody key and sends it to the relay; throws its refusal. */
export async function approveSignIn(
  config: FarcasterClientConfig,
  request: SignInRequest,
  options: { now?: Date; fetch?: typeof fetch } = {},
): Promise<void> {
  const { identity } = config
  const message = signInMessage(request, identity, options.now ?? new Date())
  const signature: Hex = await identity.custody.signMessage({ message })
  const body: AuthenticateBody = {
    message,
    signature,
    fid: identity.fid,
    username: identity.username,
    custody: identity.custody.address,
  }
  const response = await (options.fetch ?? fetch)(`${config.relayUrl}/v1/channel/authenticate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${request.channelToken}`,
    },
    body: JSON.stringify(body),
  })
  if (response.status !== 201) {
    throw new Error(refusalOf(await response.json().catch(() => undefined), response.status))
  }
}
