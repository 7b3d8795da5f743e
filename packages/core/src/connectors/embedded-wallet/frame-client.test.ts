import { signedMessage, testFrameEnvironment } from '@portico/test-kit'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFrameClient } from './frame-client'

const FRAME = 'http://frame.test:8788'

function setup() {
  const page = testFrameEnvironment()
  const alerts: string[] = []
  const client = createFrameClient({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    chainId: 1,
    environment: page.environment,
    onAlert: (message) => alerts.push(message),
  })
  const ready = () => page.deliver({ type: 'FRAME_READY' }, FRAME)
  const answer = (index: number, suffix: '_SUCCESS' | '_ERROR', payload: unknown) => {
    const sent = page.posted[index]
    if (!sent) throw new Error(`no request #${index}`)
    page.deliver({ type: `${sent.message.type}${suffix}`, id: sent.message.id, payload }, FRAME)
  }
  return { page, alerts, client, ready, answer }
}

/** Loads the frame: ready, then the extra wait. */
async function loaded(context: ReturnType<typeof setup>): Promise<void> {
  const load = context.client.load()
  context.ready()
  await vi.advanceTimersByTimeAsync(500)
  await load
}

/** Lets the client post after its `await load()`. */
const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the embedded wallet frame client', () => {
  it('loads the frame with the project, chain, version, logger flag and the page origin', () => {
    const context = setup()
    void context.client.load()
    const src = new URL(context.page.state.mounted[0] ?? '')
    expect(src.origin).toBe(FRAME)
    expect(Object.fromEntries(src.searchParams)).toEqual({
      projectId: 'p1',
      chainId: '1',
      version: '4',
      enableLogger: 'false',
      origin: 'http://page.test',
    })
    expect(context.client.origin).toBe(FRAME)
  })

  it('is ready 500 ms after the frame says so, not before', async () => {
    const context = setup()
    let ready = false
    void context.client.load().then(() => {
      ready = true
    })
    context.ready()
    await vi.advanceTimersByTimeAsync(499)
    expect(ready).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready).toBe(true)
  })

  it('gives up after 20 s without a ready event, with the spec error and alert', async () => {
    const context = setup()
    const load = context.client.load()
    const failure = expect(load).rejects.toMatchObject({
      shortMessage: 'Unable to load email login dependency',
      code: 'iframe_load_failed',
    })
    await vi.advanceTimersByTimeAsync(19_999)
    expect(context.alerts).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await failure
    expect(context.alerts).toEqual(['Network Error - Could not load embedded wallet'])
    expect(context.page.state.removed).toBe(1)
  })

  it('matches answers by id and suffix, whatever their order', async () => {
    const context = setup()
    await loaded(context)
    const first = context.client.request('GET_USER', { chainId: 1 })
    const second = context.client.request('IS_CONNECTED')
    await flush()
    const [a, b] = context.page.posted
    expect(a?.message.id).not.toBe(b?.message.id)
    expect(a?.message.id).toMatch(/^[0-9a-f]{32}$/)
    // An answer naming another request's type, with this id, settles nothing.
    context.page.deliver({ type: 'IS_CONNECTED_SUCCESS', id: a?.message.id, payload: 1 }, FRAME)
    context.answer(1, '_SUCCESS', { isConnected: true })
    context.answer(0, '_SUCCESS', { email: 'a@b.test' })
    await expect(second).resolves.toEqual({ isConnected: true })
    await expect(first).resolves.toEqual({ email: 'a@b.test' })
  })

  it('posts every request to the frame origin only, never to *', async () => {
    const context = setup()
    await loaded(context)
    void context.client.request('IS_CONNECTED').catch(() => undefined)
    void context.client.request('GET_USER').catch(() => undefined)
    await flush()
    expect(context.page.posted.map((post) => post.targetOrigin)).toEqual([FRAME, FRAME])
  })

  it('rejects with the frame error message, or "An error occurred" without one', async () => {
    const context = setup()
    await loaded(context)
    const worded = context.client.request('CONNECT_OTP', { otp: '123456' })
    const bare = context.client.request('CONNECT_EMAIL', { email: 'a@b.test' })
    await flush()
    context.answer(0, '_ERROR', { message: 'Invalid code', code: 4100 })
    context.answer(1, '_ERROR', {})
    await expect(worded).rejects.toMatchObject({ shortMessage: 'Invalid code', rpcCode: 4100 })
    await expect(bare).rejects.toMatchObject({ shortMessage: 'An error occurred' })
  })

  it('ignores a ready event or an answer from a foreign origin or another window', async () => {
    const context = setup()
    let ready = false
    void context.client.load().then(() => {
      ready = true
    })
    context.page.deliver({ type: 'FRAME_READY' }, 'http://evil.test')
    context.page.deliver({ type: 'FRAME_READY' }, FRAME, { postMessage() {} })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(ready).toBe(false)
    context.ready()
    await vi.advanceTimersByTimeAsync(500)
    expect(ready).toBe(true)

    const user = context.client.request('GET_USER')
    let settled = false
    void user.then(
      () => {
        settled = true
      },
      () => {
        settled = true
      },
    )
    await flush()
    const id = context.page.posted[0]?.message.id
    context.page.deliver({ type: 'GET_USER_SUCCESS', id, payload: 'forged' }, 'http://evil.test')
    context.page.deliver({ type: 'GET_USER_SUCCESS', id, payload: 'forged' }, FRAME, window0())
    await flush()
    expect(settled).toBe(false)
    context.answer(0, '_SUCCESS', 'real')
    await expect(user).resolves.toBe('real')
  })

  it('times a request out after 30 s with iframe_request_timeout and the alert', async () => {
    const context = setup()
    await loaded(context)
    const user = context.client.request('CONNECT_EMAIL', { email: 'a@b.test' })
    const failure = expect(user).rejects.toMatchObject({
      shortMessage: 'Embedded Wallet Request Timed Out',
      code: 'iframe_request_timeout',
    })
    await vi.advanceTimersByTimeAsync(29_999)
    expect(context.alerts).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await failure
    expect(context.alerts).toEqual(['Embedded Wallet Request Timed Out'])
    // The late answer changes nothing.
    context.answer(0, '_SUCCESS', {})
  })

  it('keeps a request waiting while the frame shows its confirm', async () => {
    const context = setup()
    await loaded(context)
    const events: string[] = []
    context.client.onEvent((event) => events.push(event.type))
    const signature = context.client.request('RPC_REQUEST', { method: 'personal_sign' })
    await flush()
    const id = context.page.posted[0]?.message.id
    context.page.deliver(
      { type: 'FRAME_APPROVAL_REQUESTED', payload: { id, method: 'personal_sign' } },
      FRAME,
    )
    await vi.advanceTimersByTimeAsync(120_000)
    context.page.deliver({ type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: true } }, FRAME)
    const signed = await signedMessage('hello')
    context.answer(0, '_SUCCESS', signed)
    await expect(signature).resolves.toBe(signed)
    expect(events).toEqual(['FRAME_APPROVAL_REQUESTED', 'FRAME_APPROVAL_SETTLED'])
  })

  it('waits at most 3 s for sign-out, without an alert', async () => {
    const context = setup()
    await loaded(context)
    let done = false
    void context.client.signOut().then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(2_999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    expect(context.alerts).toEqual([])
    expect(context.page.posted[0]?.message.type).toBe('SIGN_OUT')
  })

  it('waits at most 3 s for sign-out even while the frame is still loading', async () => {
    const context = setup()
    let done = false
    void context.client.signOut().then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(3_000)
    expect(done).toBe(true)
  })

  it('says "Request was aborted" for an aborted RPC request and "Something went wrong" otherwise', async () => {
    const context = setup()
    await loaded(context)
    const rpcAbort = new AbortController()
    const otherAbort = new AbortController()
    const rpc = context.client.request('RPC_REQUEST', {}, { signal: rpcAbort.signal })
    const other = context.client.request('GET_USER', {}, { signal: otherAbort.signal })
    await flush()
    rpcAbort.abort()
    otherAbort.abort()
    await expect(rpc).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    await expect(other).rejects.toMatchObject({ shortMessage: 'Something went wrong' })
  })

  it('refuses a request aborted while the frame loads, before posting it', async () => {
    const context = setup()
    const abort = new AbortController()
    const user = context.client.request('GET_USER', {}, { signal: abort.signal })
    abort.abort()
    await expect(user).rejects.toMatchObject({ shortMessage: 'Something went wrong' })
    expect(context.page.posted).toEqual([])
  })
})

/** A window that is not the iframe's. */
function window0() {
  return { postMessage() {} }
}
