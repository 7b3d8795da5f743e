// The default sign-in (createServerSiwx) against the real server, a fresh database and anvil:
// the messages it writes are accepted, sessions outlive a reload, other accounts and chains
// have none, refusals keep the server's reason, and signing out ends the session.

import { DEV_PROJECT_ID, parseSiwxMessage } from '@portico/test-kit/server'
import { serverPerFile } from '@portico/test-kit/vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { AuthApiError } from '../api/auth-api'
import { createPorticoClient } from '../client/create-portico-client'
import { SIWX_MESSAGE_LIFETIME_MS } from '../constants'
import { mainnet } from '../networks'
import { readStored } from '../storage'
import { clearMemoryFallback } from '../storage/fallback-storage'
import { setClock } from '../time/clock'
import { createServerSiwx, type ServerSiwxOptions } from './create-server-siwx'
import { keepSessionToken, readSessionTokens, sessionTokenOf } from './session-tokens'
import type { SiwxConfig } from './siwx-types'

const server = serverPerFile()
const alice = privateKeyToAccount(generatePrivateKey())
const mallory = privateKeyToAccount(generatePrivateKey())
const page = { host: 'localhost:3000', href: 'http://localhost:3000/shop?siwx=required' }

afterEach(() => {
  clearMemoryFallback()
  setClock()
})

function serverSiwx(options: ServerSiwxOptions = {}): SiwxConfig {
  return createServerSiwx({
    apiUrl: server().url,
    projectId: DEV_PROJECT_ID,
    location: page,
    ...options,
  })
}

function me(token: string): Promise<Response> {
  return fetch(`${server().url}/auth/v1/me?projectId=${DEV_PROJECT_ID}`, {
    headers: { authorization: `Bearer ${token}` },
  })
}

async function signIn(siwx: SiwxConfig, signer = alice, chainId = 'eip155:1' as const) {
  const { data, message } = await siwx.createMessage({
    accountAddress: signer.address,
    chainId,
  })
  const signature = await signer.signMessage({ message })
  await siwx.addSession({ data, message, signature })
  return { data, message, signature }
}

describe('createMessage', () => {
  it('writes an EIP-4361 message for the page, with a server nonce, good for a day', async () => {
    const before = Date.now()
    const { data, message } = await serverSiwx().createMessage({
      accountAddress: alice.address,
      chainId: 'eip155:1',
    })
    const parsed = parseSiwxMessage(message)
    expect(parsed).toMatchObject({
      domain: 'localhost:3000',
      namespace: 'eip155',
      address: alice.address,
      uri: page.href,
      version: '1',
      chainId: 'eip155:1',
      nonce: data.nonce,
      statement: 'Please sign with your account',
      issuedAt: data.issuedAt,
      expirationTime: data.expirationTime,
    })
    const { rows } = await server().server.app.portico.db.query<{ project_id: string }>(
      'SELECT project_id FROM auth_nonces WHERE nonce = $1',
      [data.nonce],
    )
    expect(rows[0]?.project_id).toBe(DEV_PROJECT_ID)
    const issuedAt = Date.parse(data.issuedAt ?? '')
    expect(issuedAt).toBeGreaterThanOrEqual(before)
    expect(Date.parse(data.expirationTime ?? '') - issuedAt).toBe(SIWX_MESSAGE_LIFETIME_MS)
  })

  it('uses the server of the client it runs in when the host named none', async () => {
    // One config given to two clients: each signs in on its own server, whichever came last.
    const siwx = createServerSiwx({ location: page })
    const ours = createPorticoClient(
      { projectId: DEV_PROJECT_ID, apiUrl: server().url, networks: [mainnet], siwx },
      { storage: null },
    )
    const elsewhere = createPorticoClient(
      { projectId: DEV_PROJECT_ID, apiUrl: 'http://127.0.0.1:9', networks: [mainnet], siwx },
      { storage: null },
    )
    const input = { accountAddress: alice.address, chainId: 'eip155:1' } as const
    try {
      const { data } = await (ours.options.siwx as SiwxConfig).createMessage(input)
      expect(data.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
      await expect((elsewhere.options.siwx as SiwxConfig).createMessage(input)).rejects.toThrow()
    } finally {
      ours.destroy()
      elsewhere.destroy()
    }
  })
})

describe('sessions', () => {
  it('keeps a signed-in session across a reload, for that address and chain only', async () => {
    const { message, signature } = await signIn(serverSiwx())
    expect(readStored('sessionToken')).toMatch(/^[A-Za-z0-9_-]{40,}$/)

    // A reload: a new instance, the same browser storage.
    const reloaded = serverSiwx()
    const sessions = await reloaded.getSessions('eip155:1', alice.address)
    expect(sessions).toEqual([
      expect.objectContaining({
        message,
        signature,
        data: expect.objectContaining({ accountAddress: alice.address, chainId: 'eip155:1' }),
      }),
    ])
    expect(await reloaded.getSessions('eip155:1', mallory.address)).toEqual([])
    expect(await reloaded.getSessions('eip155:8453', alice.address)).toEqual([])
  })

  it('keeps each account signed in: switching back to one that signed in asks nothing', async () => {
    const siwx = serverSiwx()
    await signIn(siwx, alice)
    expect(await siwx.getSessions('eip155:1', mallory.address)).toEqual([])
    await signIn(siwx, mallory)
    // Sessions of earlier tests in this file are listed too: the server keeps them all.
    expect(await siwx.getSessions('eip155:1', mallory.address)).not.toEqual([])
    expect(await siwx.getSessions('eip155:1', alice.address)).not.toEqual([])
    // The spec's "session token" key holds the latest one.
    expect(readStored('sessionToken')).toBe(sessionTokenOf('eip155:1', mallory.address))
    expect(Object.keys(readSessionTokens())).toEqual([
      `eip155:1:${alice.address.toLowerCase()}`,
      `eip155:1:${mallory.address.toLowerCase()}`,
    ])
  })

  it("refuses a signature by another key with the server's reason, storing nothing", async () => {
    const siwx = serverSiwx()
    const { data, message } = await siwx.createMessage({
      accountAddress: alice.address,
      chainId: 'eip155:1',
    })
    const signature = await mallory.signMessage({ message })
    const refusal = siwx.addSession({ data, message, signature })
    await expect(refusal).rejects.toBeInstanceOf(AuthApiError)
    await expect(refusal).rejects.toThrow('The signature does not match the message and account')
    expect(readStored('sessionToken')).toBeUndefined()
  })

  it('refuses a message that expired before it reached the server', async () => {
    // The page's clock is two days behind: the message it writes has already expired.
    const twoDays = 2 * 24 * 60 * 60_000
    setClock({
      now: () => Date.now() - twoDays,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    })
    await expect(signIn(serverSiwx())).rejects.toThrow('The message has expired')
    expect(readStored('sessionToken')).toBeUndefined()
  })

  it('signs out: setSessions([]) ends every session on the server and forgets the tokens', async () => {
    const siwx = serverSiwx()
    await signIn(siwx, alice)
    await signIn(siwx, mallory)
    const tokens = Object.values(readSessionTokens())
    await siwx.setSessions([])
    expect(readStored('sessionToken')).toBeUndefined()
    expect(readSessionTokens()).toEqual({})
    for (const token of tokens) expect((await me(token)).status).toBe(401)
    expect(await siwx.getSessions('eip155:1', alice.address)).toEqual([])
  })

  it('revokes the sessions of an address and chain, and only those', async () => {
    const siwx = serverSiwx()
    await signIn(siwx, mallory)
    await signIn(siwx, alice)
    const token = sessionTokenOf('eip155:1', alice.address) as string
    await siwx.revokeSession('eip155:1', alice.address)
    expect(readStored('sessionToken')).toBeUndefined()
    expect((await me(token)).status).toBe(401)
    expect(await siwx.getSessions('eip155:1', alice.address)).toEqual([])
    expect(await siwx.getSessions('eip155:1', mallory.address)).not.toEqual([])
  })

  it('forgets a token whose session ended elsewhere', async () => {
    const siwx = serverSiwx()
    await signIn(siwx)
    const token = sessionTokenOf('eip155:1', alice.address) as string
    const own = (await (await me(token)).json()) as { id: string }
    const revoked = await fetch(
      `${server().url}/auth/v1/sessions/${own.id}?projectId=${DEV_PROJECT_ID}`,
      { method: 'DELETE', headers: { authorization: `Bearer ${token}` } },
    )
    expect(revoked.status).toBe(204)
    expect(await siwx.getSessions('eip155:1', alice.address)).toEqual([])
    expect(sessionTokenOf('eip155:1', alice.address)).toBeUndefined()
  })

  it('fails the lookup when the server cannot be reached, so the flow can say so', async () => {
    keepSessionToken('eip155:1', alice.address, 'a'.repeat(43))
    const unreachable = serverSiwx({ apiUrl: 'http://127.0.0.1:9' })
    await expect(unreachable.getSessions('eip155:1', alice.address)).rejects.toThrow()
  })
})

describe('required', () => {
  it('is required unless the host says otherwise', () => {
    expect(serverSiwx().getRequired?.()).toBe(true)
    expect(serverSiwx({ required: false }).getRequired?.()).toBe(false)
  })
})
