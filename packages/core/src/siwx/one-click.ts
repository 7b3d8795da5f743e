// One-click sign-in over WalletConnect (docs/product.md#states): the wallet connects and signs the
// sign-in message in one prompt (the SDK's `authenticate`), used only when every requested
// chain is eip155, otherwise skipped for the usual connect-then-sign. A loading toast
// 'Authenticating...' with no auto close shows while it runs.
//
// The WalletConnect connector plugs `oneClickPairing` in as its pairing: the provider types
// here are the few fields used, so this module does not load the WalletConnect SDK.

import { PorticoError } from '../errors/portico-error'
import type { CaipNetwork } from '../networks'
import { hideToast, showLoading } from '../state/toast'
import type { SiwxConfig, SiwxMessageData, SiwxSession } from './siwx-types'

export const AUTHENTICATING_MESSAGE = 'Authenticating...'

/** Wallet-provider sign-in only when every requested chain is eip155 (and there is one). */
export function shouldUseOneClick(
  requestedNetworks: readonly Pick<CaipNetwork, 'chainNamespace'>[],
): boolean {
  return (
    requestedNetworks.length > 0 &&
    requestedNetworks.every((network) => network.chainNamespace === 'eip155')
  )
}

/** A CAIP-74 cacao as WalletConnect answers it (`p.iss` is `did:pkh:eip155:1:0x...`). */
export interface OneClickCacao {
  h: { t: string }
  p: {
    iss: string
    domain: string
    aud?: string
    uri?: string
    version?: string
    nonce: string
    iat?: string
    exp?: string
    nbf?: string
    statement?: string
    requestId?: string
    resources?: string[]
  }
  s: { t: string; s: string }
}

export interface OneClickProvider {
  /** UniversalProvider.authenticate. */
  authenticate(params: {
    chains: string[]
    domain: string
    uri: string
    nonce: string
    statement?: string
    iat?: string
    exp?: string
    nbf?: string
    requestId?: string
    resources?: string[]
    methods?: string[]
  }): Promise<{ auths?: OneClickCacao[] } | undefined>
  /** The text the wallet signed for a cacao (the SDK's formatAuthMessage). */
  formatMessage(payload: OneClickCacao['p'], iss: string): string
}

export class InvalidCacaoIssuerError extends PorticoError {
  override name = 'InvalidCacaoIssuerError'
  constructor() {
    super('Invalid CAIP-10 address')
  }
}

/** The session a cacao stands for: its fields, the text signed and the signature. */
export function sessionFromCacao(cacao: OneClickCacao, message: string): SiwxSession {
  const match = /^did:pkh:([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):(.+)$/.exec(cacao.p.iss)
  if (!match) throw new InvalidCacaoIssuerError()
  const { p } = cacao
  const data: SiwxMessageData = {
    accountAddress: match[3] ?? '',
    chainId: `${match[1]}:${match[2]}`,
    domain: p.domain,
    uri: p.aud ?? p.uri ?? '',
    version: p.version ?? '1',
    nonce: p.nonce,
    ...(p.statement !== undefined ? { statement: p.statement } : {}),
    ...(p.iat !== undefined ? { issuedAt: p.iat } : {}),
    ...(p.exp !== undefined ? { expirationTime: p.exp } : {}),
    ...(p.nbf !== undefined ? { notBefore: p.nbf } : {}),
    ...(p.requestId !== undefined ? { requestId: p.requestId } : {}),
    ...(p.resources !== undefined ? { resources: p.resources } : {}),
  }
  return { data, message, signature: cacao.s.s, cacao }
}

/**
 * Connects and signs in at once: asks for a message (a server nonce) for the first requested
 * network, lets the wallet sign it for every requested chain, and stores the session of the
 * first cacao (a nonce is good for one sign-in). Returns the session, or undefined when the
 * wallet answered without signing in or the server refused it (the wallet is then connected
 * only, and the usual flow asks to sign). A wallet declining rejects, failing the connection.
 */
export async function signInWithWalletProvider(input: {
  siwx: SiwxConfig
  requestedNetworks: readonly CaipNetwork[]
  provider: OneClickProvider
  methods?: string[]
}): Promise<SiwxSession | undefined> {
  const [first] = input.requestedNetworks
  if (!first || !shouldUseOneClick(input.requestedNetworks)) return undefined
  showLoading(AUTHENTICATING_MESSAGE, { autoClose: false })
  try {
    // The address is not known before the wallet answers; the wallet writes its own in.
    const { data } = await input.siwx.createMessage({
      chainId: first.caipNetworkId,
      accountAddress: '',
    })
    const answer = await input.provider.authenticate({
      chains: input.requestedNetworks.map((network) => network.caipNetworkId),
      domain: data.domain,
      uri: data.uri,
      nonce: data.nonce,
      ...(data.statement !== undefined ? { statement: data.statement } : {}),
      ...(data.issuedAt !== undefined ? { iat: data.issuedAt } : {}),
      ...(data.expirationTime !== undefined ? { exp: data.expirationTime } : {}),
      ...(data.notBefore !== undefined ? { nbf: data.notBefore } : {}),
      ...(data.requestId !== undefined ? { requestId: data.requestId } : {}),
      ...(data.resources !== undefined ? { resources: data.resources } : {}),
      ...(input.methods ? { methods: input.methods } : {}),
    })
    const [cacao] = answer?.auths ?? []
    if (!cacao) return undefined
    const session = sessionFromCacao(cacao, input.provider.formatMessage(cacao.p, cacao.p.iss))
    try {
      await input.siwx.addSession(session)
    } catch {
      // The wallet is connected by now; a sign-in the server refused is asked for again by the
      // usual flow (SIWXSignMessage) rather than failing the connection.
      return undefined
    }
    return session
  } finally {
    hideToast()
  }
}

/** The part of WalletConnect's UniversalProvider one-click sign-in uses. */
export interface OneClickUniversalProvider {
  authenticate(params: Parameters<OneClickProvider['authenticate']>[0]): Promise<{
    auths?: OneClickCacao[] | undefined
  }>
  client: { formatAuthMessage(params: { request: OneClickCacao['p']; iss: string }): string }
}

/**
 * What the WalletConnect connector runs instead of a plain `connect` when sign-in is on and
 * every requested chain is eip155 (`connect({ pairing })`): the pairing signs in at once.
 */
export function oneClickPairing(input: {
  siwx: SiwxConfig
  requestedNetworks: readonly CaipNetwork[]
  methods?: string[]
}): (provider: OneClickUniversalProvider) => Promise<SiwxSession | undefined> {
  return (provider) =>
    signInWithWalletProvider({
      ...input,
      provider: {
        authenticate: (params) => provider.authenticate(params),
        formatMessage: (request, iss) => provider.client.formatAuthMessage({ request, iss }),
      },
    })
}

/**
 * The WalletConnect connection's pairing when sign-in is on and every requested chain is
 * eip155 (one-click sign-in); undefined otherwise, for the plain connect-then-sign.
 */
export function signInPairingFor(
  options: {
    siwx?: SiwxConfig | undefined
    networks?: readonly CaipNetwork[] | undefined
  },
  /**
   * The session's methods. The wallet grants them in the sign-in (a ReCap); without any it
   * signs in but opens no session, and the connection would have to pair a second time.
   */
  methods: string[],
): ((provider: OneClickUniversalProvider) => Promise<SiwxSession | undefined>) | undefined {
  const { siwx, networks } = options
  if (!siwx || !networks || !shouldUseOneClick(networks)) return undefined
  return oneClickPairing({
    siwx,
    requestedNetworks: networks,
    methods,
  })
}
