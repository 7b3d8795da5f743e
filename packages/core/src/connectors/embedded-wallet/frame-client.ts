// The modal's side of the embedded wallet frame (docs/product.md#embedded-wallet): loads the
// hidden iframe, waits for FRAME_READY plus FRAME_READY_EXTRA_WAIT_MS, sends requests with a
// random id and matches each answer by id and its _SUCCESS / _ERROR suffix. Only messages whose
// origin is the frame's exact origin and whose source is the iframe's window are read; every
// post names the frame's exact origin, never '*'. Loaded with import() when first needed.
import {
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_EXTRA_WAIT_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_SDK_VERSION,
  FRAME_SIGN_OUT_WAIT_MS,
} from '../../constants'
import { clock } from '../../time/clock'
import {
  FRAME_LOAD_FAILED_ALERT,
  FRAME_REQUEST_TIMEOUT_ALERT,
  FrameAnswerError,
  FrameLoadError,
  FrameRequestAbortedError,
  FrameRequestTimeoutError,
} from './frame-errors'
import {
  browserFrameEnvironment,
  type FrameEnvironment,
  type FrameMessageEvent,
  type FrameRect,
  type MountedFrame,
} from './frame-host'

/** An unsolicited frame event (no id of ours): the approval shown and settled. */
export interface FrameEvent {
  type: string
  id?: string
  payload?: unknown
}

export interface FrameRequestOptions {
  signal?: AbortSignal
  /** Defaults to FRAME_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number
  /** Whether a timeout raises the alert (sign-out's short wait does not). */
  alertOnTimeout?: boolean
}

export interface FrameClientOptions {
  frameUrl: string
  projectId: string
  chainId: number
  enableLogger?: boolean
  environment?: FrameEnvironment
  /** The alerts of docs/product.md#alerts (short text); the modal shows them. */
  onAlert?: (message: string) => void
}

export interface FrameClient {
  /** The frame's exact origin, the only one its messages are read from and posted to. */
  readonly origin: string
  /** Loads the frame (once); resolves FRAME_READY_EXTRA_WAIT_MS after its ready event. */
  load(): Promise<void>
  request<T = unknown>(type: string, payload?: unknown, options?: FrameRequestOptions): Promise<T>
  /** SIGN_OUT, waiting at most FRAME_SIGN_OUT_WAIT_MS; never throws. */
  signOut(): Promise<void>
  /** Frame events that answer no request (FRAME_APPROVAL_REQUESTED, ...). */
  onEvent(listener: (event: FrameEvent) => void): () => void
  show(rect: FrameRect): void
  hide(): void
  destroy(): void
}

interface Pending {
  type: string
  resolve(value: unknown): void
  reject(error: unknown): void
  timer: unknown
}

/** 128 random bits as hex; getRandomValues works on plain http pages too, randomUUID does not. */
export function randomRequestId(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function frameSource(options: FrameClientOptions, parentOrigin: string): string {
  const url = new URL(options.frameUrl)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', String(options.chainId))
  url.searchParams.set('version', String(FRAME_SDK_VERSION))
  url.searchParams.set('enableLogger', String(options.enableLogger ?? false))
  // The frame posts to this exact origin only (and checks the page's messages against it).
  url.searchParams.set('origin', parentOrigin)
  return url.toString()
}

/**
 * The message's type, the request id it concerns and its payload. Answers carry the id at the
 * top; the approval events carry the request's id in their payload
 * (@portico/protocol/embedded-wallet-frame).
 */
function readMessage(data: unknown): FrameEvent | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  const { type, id, payload } = data as Record<string, unknown>
  if (typeof type !== 'string' || type === '') return undefined
  if (id !== undefined && typeof id !== 'string') return undefined
  const payloadId = (payload as { id?: unknown } | undefined)?.id
  const requestId = id ?? (typeof payloadId === 'string' ? payloadId : undefined)
  return { type, ...(requestId === undefined ? {} : { id: requestId }), payload }
}

export function createFrameClient(options: FrameClientOptions): FrameClient {
  const environment = options.environment ?? browserFrameEnvironment()
  const src = frameSource(options, environment.parentOrigin)
  const origin = new URL(src).origin
  const pending = new Map<string, Pending>()
  const listeners = new Set<(event: FrameEvent) => void>()
  let frame: MountedFrame | undefined
  let stopListening: (() => void) | undefined
  let loading: Promise<void> | undefined
  let markReady: (() => void) | undefined

  function alert(message: string) {
    options.onAlert?.(message)
  }

  function settle(id: string): Pending | undefined {
    const entry = pending.get(id)
    if (!entry) return undefined
    pending.delete(id)
    clock.clearTimeout(entry.timer)
    return entry
  }

  function onMessage(event: FrameMessageEvent) {
    // Another window, or the right window from another origin (navigated away): ignored.
    if (!frame || event.origin !== origin || event.source !== frame.target) return
    const message = readMessage(event.data)
    if (!message) return
    if (message.type === 'FRAME_READY') {
      markReady?.()
      return
    }
    const entry = message.id === undefined ? undefined : pending.get(message.id)
    if (entry && message.id !== undefined) {
      if (message.type === `${entry.type}_SUCCESS`) settle(message.id)?.resolve(message.payload)
      else if (message.type === `${entry.type}_ERROR`) {
        const payload = message.payload as { message?: unknown; code?: unknown } | undefined
        settle(message.id)?.reject(new FrameAnswerError(payload?.message, payload?.code))
      } else if (message.type === 'FRAME_APPROVAL_REQUESTED') {
        // The visitor reads and decides in the frame: no timeout while the confirm is shown.
        clock.clearTimeout(entry.timer)
      }
    }
    if (message.type.endsWith('_SUCCESS') || message.type.endsWith('_ERROR')) return
    for (const listener of listeners) listener(message)
  }

  function unload() {
    stopListening?.()
    stopListening = undefined
    frame?.remove()
    frame = undefined
    markReady = undefined
    loading = undefined
  }

  function load(): Promise<void> {
    if (loading) return loading
    const attempt = new Promise<void>((resolve, reject) => {
      stopListening = environment.listen(onMessage)
      const loadTimer = clock.setTimeout(() => {
        unload()
        alert(FRAME_LOAD_FAILED_ALERT)
        reject(new FrameLoadError())
      }, FRAME_LOAD_TIMEOUT_MS)
      markReady = () => {
        markReady = undefined
        clock.clearTimeout(loadTimer)
        clock.setTimeout(resolve, FRAME_READY_EXTRA_WAIT_MS)
      }
      frame = environment.mount(src)
    })
    loading = attempt
    return attempt
  }

  function abortedBy(signal: AbortSignal | undefined, type: string): Promise<never> | undefined {
    if (!signal) return undefined
    return new Promise<never>((_, reject) => {
      if (signal.aborted) reject(new FrameRequestAbortedError(type))
      else
        signal.addEventListener('abort', () => reject(new FrameRequestAbortedError(type)), {
          once: true,
        })
    })
  }

  async function request<T>(
    type: string,
    payload: unknown = {},
    requestOptions: FrameRequestOptions = {},
  ): Promise<T> {
    const { signal, timeoutMs = FRAME_REQUEST_TIMEOUT_MS, alertOnTimeout = true } = requestOptions
    const aborted = abortedBy(signal, type)
    aborted?.catch(() => undefined)
    await (aborted ? Promise.race([load(), aborted]) : load())
    const target = frame?.target
    if (!target) throw new FrameLoadError()
    const id = randomRequestId()
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = clock.setTimeout(() => {
        if (!settle(id)) return
        if (alertOnTimeout) alert(FRAME_REQUEST_TIMEOUT_ALERT)
        reject(new FrameRequestTimeoutError(type))
      }, timeoutMs)
      pending.set(id, { type, resolve, reject, timer })
    })
    aborted?.catch(() => settle(id))
    target.postMessage({ type, id, payload }, origin)
    return (await (aborted ? Promise.race([answer, aborted]) : answer)) as T
  }

  return {
    origin,
    load,
    request,
    async signOut() {
      // At most FRAME_SIGN_OUT_WAIT_MS in all, a frame still loading included: the host's own
      // login data is cleared either way.
      let timer: unknown
      const waited = new Promise<void>((resolve) => {
        timer = clock.setTimeout(resolve, FRAME_SIGN_OUT_WAIT_MS)
      })
      const signedOut = request(
        'SIGN_OUT',
        {},
        {
          timeoutMs: FRAME_SIGN_OUT_WAIT_MS,
          alertOnTimeout: false,
        },
      ).catch(() => undefined)
      await Promise.race([signedOut, waited])
      clock.clearTimeout(timer)
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    show(rect) {
      frame?.show(rect)
    },
    hide() {
      frame?.hide()
    },
    destroy() {
      for (const [id, entry] of [...pending]) {
        settle(id)
        entry.reject(new FrameRequestAbortedError(entry.type))
      }
      unload()
    },
  }
}
