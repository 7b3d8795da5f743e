// What the sign-in tests do as a page would: ask for a nonce, sign an EIP-4361 message with a
// viem local account (a real signature) and post it to /auth/v1/authenticate.
import type { LocalAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { expect } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import type { TestServer } from './test-server'

export const ORIGIN = 'http://localhost:3000'
export const DOMAIN = 'localhost:3000'

export type SiweFields = Partial<Parameters<typeof createSiweMessage>[0]>

export interface AuthenticateOptions {
  /** null sends no Origin header. */
  origin?: string | null
  projectId?: string
}

export interface SignInTestClient {
  url(path: string, query?: Record<string, string>): string
  newNonce(projectId?: string): Promise<string>
  siweMessage(nonce: string, fields?: SiweFields): string
  /** A message for `nonce` (a fresh one if absent) signed by `signer`. */
  signedBy(
    signer?: LocalAccount,
    nonce?: string,
    fields?: SiweFields,
  ): Promise<{ message: string; signature: string }>
  authenticate(body: unknown, options?: AuthenticateOptions): Promise<Response>
}

/** `server` is read at each call (test files start it in beforeAll); `clock` is the server's. */
export function signInTestClient(
  server: () => TestServer,
  clock: { now: number },
  defaultSigner: LocalAccount,
): SignInTestClient {
  const url = (path: string, query: Record<string, string> = {}) =>
    `${server().url}${path}?${new URLSearchParams({ projectId: DEV_PROJECT_ID, ...query })}`

  async function newNonce(projectId = DEV_PROJECT_ID): Promise<string> {
    const response = await fetch(url('/auth/v1/nonce', { projectId }), {
      method: 'POST',
      headers: { origin: ORIGIN },
    })
    expect(response.status).toBe(200)
    const { nonce } = (await response.json()) as { nonce: string }
    return nonce
  }

  function siweMessage(nonce: string, fields: SiweFields = {}): string {
    return createSiweMessage({
      address: defaultSigner.address,
      chainId: 1,
      domain: DOMAIN,
      uri: `${ORIGIN}/`,
      version: '1',
      nonce,
      issuedAt: new Date(clock.now),
      statement: 'Sign in to Portico',
      ...fields,
    })
  }

  async function signedBy(signer = defaultSigner, nonce?: string, fields: SiweFields = {}) {
    const message = siweMessage(nonce ?? (await newNonce()), {
      address: signer.address,
      ...fields,
    })
    return { message, signature: await signer.signMessage({ message }) }
  }

  function authenticate(body: unknown, options: AuthenticateOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (options.origin !== null) headers.origin = options.origin ?? ORIGIN
    const projectId = options.projectId ?? DEV_PROJECT_ID
    return fetch(url('/auth/v1/authenticate', { projectId }), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    })
  }

  return { url, newNonce, siweMessage, signedBy, authenticate }
}
