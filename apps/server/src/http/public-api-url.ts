// The API's origin as browsers reach it, for every URL the server hands out (the onramp
// checkout, token icons, the frame page's API URL, the social login's callback): the configured
// PORTICO_API_PUBLIC_URL, else the listener's own address. Never a request's Host header or
// scheme: those are the client's to write, so a forged `Host: evil.example` would otherwise send
// buyers, icons and logins to the attacker's site (and poison any cache keyed without it).
import type { Server } from 'node:net'

/** How a listener's URL names its host: 127.0.0.1 for 0.0.0.0, [::1] for ::, [v6] bracketed. */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

export class PublicApiUrl {
  #listener: Server | undefined

  constructor(
    /** PORTICO_API_PUBLIC_URL, already checked (config.ts). */
    readonly configured: string | undefined,
    /** The host the API listens on (config.host). */
    readonly host: string,
  ) {}

  /** The API's own listener, for its port when no public URL is configured. */
  attach(listener: Server): void {
    this.#listener = listener
  }

  /** e.g. `https://api.example.com`, or `http://127.0.0.1:8787`; no trailing slash. */
  get origin(): string {
    if (this.configured) return this.configured
    const address = this.#listener?.address()
    if (!address || typeof address === 'string') {
      throw new Error('The API has no public URL before it listens')
    }
    return `http://${reachableHost(this.host)}:${address.port}`
  }
}
