// A host's older `siweConfig` (EIP-4361 only) as the `siwx` the sign-in flow drives, so both
// options give the same modal behaviour: the host's nonce, message text, verification and
// session; our views, close guards, errors and events.
import { SIWX_MESSAGE_LIFETIME_MS } from '../constants'
import { PorticoError } from '../errors/portico-error'
import { signInMessageData } from './siwx-message'
import type { SiweConfig, SiwxConfig, SiwxSession } from './siwx-types'

/** The host's verifyMessage said no. The flow shows 'Signature declined'. */
export class SiweVerificationError extends PorticoError {
  override name = 'SiweVerificationError'
  constructor() {
    super('The sign-in message could not be verified')
  }
}

/** The page asking, read when a message is made (the option is set before any page exists in SSR). */
type PageLocation = () => { host: string; href: string }

export function siweAsSiwx(
  siwe: SiweConfig,
  location: PageLocation = () => globalThis.location,
): SiwxConfig {
  return {
    async createMessage({ accountAddress, chainId }) {
      const page = location()
      const nonce = await siwe.getNonce(accountAddress)
      const data = signInMessageData({
        accountAddress,
        chainId,
        nonce,
        page,
        lifetimeMs: SIWX_MESSAGE_LIFETIME_MS,
      })
      return { data, message: siwe.createMessage(data) }
    },
    async addSession(session) {
      const verified = await siwe.verifyMessage({
        message: session.message,
        signature: session.signature,
      })
      if (!verified) throw new SiweVerificationError()
    },
    async revokeSession() {
      await siwe.signOut()
    },
    async setSessions(sessions) {
      if (sessions.length === 0) await siwe.signOut()
    },
    async getSessions(chainId, address): Promise<SiwxSession[]> {
      const session = await siwe.getSession()
      if (!session) return []
      const sameChain = `eip155:${session.chainId}` === chainId
      const sameAddress = session.address.toLowerCase() === address.toLowerCase()
      if (!sameChain || !sameAddress) return []
      // The host keeps its session its own way; the flow only needs to know there is one.
      const page = location()
      return [
        {
          data: {
            accountAddress: session.address,
            chainId,
            domain: page.host,
            uri: page.href,
            version: '1',
            nonce: '',
          },
          message: '',
          signature: '',
        },
      ]
    },
    getRequired: () => siwe.required ?? true,
  }
}
