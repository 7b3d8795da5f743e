import type { FrameRequest } from '@portico/protocol/embedded-wallet-frame'
import { describe, expect, it } from 'vitest'
import { CONNECTED_ORIGINS_KEY } from './connected-origins'
import { FRAME_STORAGE_KEYS } from './frame-storage'
import { loadTestFrame } from './test/test-frame'

// No request here needs the server; the API points at a closed port so any call would fail.
const CLOSED = 'http://127.0.0.1:9'
const PROJECT = 'f94537f769cddac7aff0d3d7b370838e'

function frame(memory?: Map<string, string>, parentOrigin?: string) {
  return loadTestFrame({
    projectId: PROJECT,
    apiUrl: CLOSED,
    root: document.body,
    ...(memory ? { memory } : {}),
    ...(parentOrigin ? { parentOrigin } : {}),
  })
}

/** A browser where the visitor logged in from the test frame's page (http://localhost:5173). */
function loggedInBrowser(): Map<string, string> {
  const address = '0x0000000000000000000000000000000000000001'
  return new Map([
    [FRAME_STORAGE_KEYS.email, 'a@example.com'],
    [FRAME_STORAGE_KEYS.address, address],
    [FRAME_STORAGE_KEYS.deviceShare, '{"address":"0x01","share":"0x02"}'],
    [
      FRAME_STORAGE_KEYS.session,
      JSON.stringify({ token: 't', expiresAt: new Date(Date.now() + 60_000).toISOString() }),
    ],
    [CONNECTED_ORIGINS_KEY, JSON.stringify({ address, origins: ['http://localhost:5173'] })],
  ])
}

describe('the frame answers by id', () => {
  it('refuses the host page’s unreadable request at once, by its id, without doing anything', () => {
    const { app, posted } = frame()
    app.refuseMalformed('CONNECT_EMAIL', 'bad-1')
    expect(posted).toEqual([
      {
        type: 'CONNECT_EMAIL_ERROR',
        id: 'bad-1',
        payload: { message: 'The wallet could not read this request', code: -32602 },
      },
    ])
  })

  it('answers each request with its own id and _SUCCESS, in any order', async () => {
    const { app, posted } = frame()
    const requests: FrameRequest[] = [
      { type: 'SWITCH_NETWORK', id: 'one', payload: { chainId: 8453 } },
      { type: 'GET_SMART_ACCOUNT_ENABLED_NETWORKS', id: 'two', payload: {} },
      { type: 'RPC_REQUEST', id: 'three', payload: { method: 'eth_chainId', chainId: 8453 } },
      { type: 'SET_PREFERRED_ACCOUNT', id: 'four', payload: { type: 'smartAccount' } },
      { type: 'IS_CONNECTED', id: 'five', payload: {} },
    ]
    await Promise.all(requests.map((request) => app.handle(request)))
    const byId = Object.fromEntries(posted.map((m) => ['id' in m ? m.id : '', m]))
    expect(byId.one).toEqual({
      type: 'SWITCH_NETWORK_SUCCESS',
      id: 'one',
      payload: { chainId: 8453 },
    })
    expect(byId.two).toEqual({
      type: 'GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS',
      id: 'two',
      payload: { smartAccountEnabledNetworks: [] },
    })
    expect(byId.three).toEqual({ type: 'RPC_REQUEST_SUCCESS', id: 'three', payload: '0x2105' })
    expect(byId.four).toEqual({
      type: 'SET_PREFERRED_ACCOUNT_SUCCESS',
      id: 'four',
      payload: { type: 'eoa' },
    })
    expect(byId.five).toEqual({
      type: 'IS_CONNECTED_SUCCESS',
      id: 'five',
      payload: { isConnected: false },
    })
    expect(posted).toHaveLength(5)
  })

  it('answers _ERROR with the message the modal shows', async () => {
    const { app, posted } = frame()
    await app.handle({
      type: 'CONNECT_SOCIAL',
      id: 's',
      payload: { provider: 'google', uri: 'http://localhost:5173/?state=never-started' },
    })
    await app.handle({
      type: 'RPC_REQUEST',
      id: 'r',
      payload: { method: 'eth_sign', params: [], chainId: 1 },
    })
    await app.handle({ type: 'GET_USER', id: 'u', payload: {} })
    await app.handle({ type: 'CONNECT_OTP', id: 'o', payload: { otp: '123456' } })
    expect(posted).toEqual([
      {
        type: 'CONNECT_SOCIAL_ERROR',
        id: 's',
        payload: { message: 'This login was not started here: please try again' },
      },
      {
        type: 'RPC_REQUEST_ERROR',
        id: 'r',
        payload: { message: 'Requested RPC call is not allowed', code: 4200 },
      },
      {
        type: 'GET_USER_ERROR',
        id: 'u',
        payload: { message: 'The embedded wallet is not connected', code: 4100 },
      },
      { type: 'CONNECT_OTP_ERROR', id: 'o', payload: { message: 'Ask for a code first' } },
    ])
  })

  it('turns a server it cannot reach into "An error occurred"', async () => {
    const { app, posted } = frame()
    await app.handle({ type: 'CONNECT_EMAIL', id: 'e', payload: { email: 'a@example.com' } })
    expect(posted).toEqual([
      { type: 'CONNECT_EMAIL_ERROR', id: 'e', payload: { message: 'An error occurred' } },
    ])
  })

  it('applies the host theme to the confirm (SYNC_THEME) and keeps the chain it switched to', async () => {
    const { app, posted, memory } = frame()
    await app.handle({
      type: 'SYNC_THEME',
      id: 't',
      payload: {
        themeMode: 'light',
        themeVariables: { '--portico-accent': '#ff0000', background: 'url(x)' },
      },
    })
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(document.documentElement.style.getPropertyValue('--portico-accent')).toBe('#ff0000')
    expect(document.documentElement.style.getPropertyValue('background')).toBe('')
    await app.handle({ type: 'SWITCH_NETWORK', id: 'n', payload: { chainId: 8453 } })
    expect(memory.get(FRAME_STORAGE_KEYS.chainId)).toBe('8453')
    expect(posted.map((m) => m.type)).toEqual(['SYNC_THEME_SUCCESS', 'SWITCH_NETWORK_SUCCESS'])
  })

  it('refuses to switch to, or act on, a chain the embedded wallet does not know', async () => {
    const { app, posted, memory } = frame()
    await app.handle({ type: 'SWITCH_NETWORK', id: 'n', payload: { chainId: 31337 } })
    await app.handle({
      type: 'RPC_REQUEST',
      id: 'r',
      payload: {
        method: 'eth_sendTransaction',
        params: [{ to: '0x01', value: '0x1' }],
        chainId: 250,
      },
    })
    expect(posted).toEqual([
      {
        type: 'SWITCH_NETWORK_ERROR',
        id: 'n',
        payload: { message: 'Chain 31337 is not supported by the embedded wallet', code: 4902 },
      },
      {
        type: 'RPC_REQUEST_ERROR',
        id: 'r',
        payload: { message: 'Chain 250 is not supported by the embedded wallet', code: 4902 },
      },
    ])
    expect(memory.get(FRAME_STORAGE_KEYS.chainId)).toBeUndefined()
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })

  it('clears the cached login data on SIGN_OUT and keeps the device share', async () => {
    const { app, posted, memory } = frame(loggedInBrowser())
    await app.handle({ type: 'SIGN_OUT', id: 'x', payload: {} })
    expect(posted).toEqual([{ type: 'SIGN_OUT_SUCCESS', id: 'x', payload: {} }])
    expect([...memory.keys()]).toEqual([FRAME_STORAGE_KEYS.deviceShare])
  })

  it('ends nothing on SIGN_OUT from a page the visitor did not log in from', async () => {
    const memory = loggedInBrowser()
    const before = new Map(memory)
    const { app, posted } = frame(memory, 'http://localhost:4000')
    await app.handle({ type: 'SIGN_OUT', id: 'x', payload: {} })
    expect(posted).toEqual([{ type: 'SIGN_OUT_SUCCESS', id: 'x', payload: {} }])
    expect(memory).toEqual(before)
  })
})
