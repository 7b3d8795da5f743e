// What the client loads with import() once an account connects and `siwx` is set: the sign-in
// flow, given the wagmi connection to sign with and the client's disconnect.
//
// The message is signed with personal_sign on the connected wallet's own provider rather than
// wagmi's signMessage action: that action would pull wagmi's connector error classes into the
// page-load chunk (they share a module with what the page already loads).

import { type Config, getConnection } from '@wagmi/core'
import { PorticoError } from '../errors/portico-error'
import { startSignInFlow } from './sign-in-flow'
import { siweAsSiwx } from './siwe-as-siwx'
import type { SiweConfig, SiwxConfig } from './siwx-types'

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>
}

/** personal_sign takes the message's UTF-8 bytes as hex. */
function utf8Hex(text: string): string {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex
}

export async function personalSign(wagmiConfig: Config, message: string): Promise<string> {
  const { connector, address } = getConnection(wagmiConfig)
  if (!connector || !address) throw new PorticoError('No connected wallet to sign with')
  const provider = (await connector.getProvider()) as Eip1193Provider
  const signature = await provider.request({
    method: 'personal_sign',
    params: [utf8Hex(message), address],
  })
  if (typeof signature !== 'string') throw new PorticoError('The wallet answered no signature')
  return signature
}

/** Starts the flow for the client's `siwx` (or `siweConfig`); returns what stops it. */
export function connectSignIn(client: {
  options: {
    siwx?: SiwxConfig | undefined
    siweConfig?: SiweConfig | undefined
  }
  wagmiConfig: Config
  disconnect(): Promise<void>
}): () => void {
  const { siweConfig } = client.options
  const siwx = client.options.siwx ?? (siweConfig ? siweAsSiwx(siweConfig) : undefined)
  if (!siwx) return () => undefined
  return startSignInFlow({
    siwx,
    client: {
      signMessage: (message) => personalSign(client.wagmiConfig, message),
      disconnect: () => client.disconnect(),
    },
  })
}
