// A page and its iframe as core's frame client sees them: what the client posts, and messages
// delivered from any origin and source. For tests of the code around the frame; the frame itself
// runs in Chromium in the e2e suite.

import {
  type EmbeddedWalletHost,
  ensureEmbeddedWallet,
} from '../../core/src/connectors/embedded-wallet/embedded-wallet-setup'
import type {
  FrameEnvironment,
  FrameMessageEvent,
  FrameRect,
} from '../../core/src/connectors/embedded-wallet/frame-host'

export interface PostedMessage {
  message: { type: string; id: string; payload: unknown }
  targetOrigin: string
}

export function testFrameEnvironment(parentOrigin = 'http://page.test') {
  const listeners = new Set<(event: FrameMessageEvent) => void>()
  const posted: PostedMessage[] = []
  const frameWindow = {
    postMessage(message: unknown, targetOrigin: string) {
      posted.push({ message: message as PostedMessage['message'], targetOrigin })
    },
  }
  const state = {
    mounted: [] as string[],
    removed: 0,
    shown: undefined as FrameRect | undefined,
  }
  const environment: FrameEnvironment = {
    parentOrigin,
    mount(src) {
      state.mounted.push(src)
      return {
        target: frameWindow,
        show(rect) {
          state.shown = rect
        },
        hide() {
          state.shown = undefined
        },
        remove() {
          state.removed++
        },
      }
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  function deliver(data: unknown, origin: string, source: unknown = frameWindow) {
    for (const listener of [...listeners]) listener({ data, origin, source })
  }
  return { environment, posted, state, frameWindow, deliver, listeners }
}

/** What a scripted frame answers: a payload, or an error message (with its EIP-1193 code). */
export type ScriptedAnswer = { ok: unknown } | { error: string; code?: number }

/**
 * A frame that says it is ready once mounted and answers each request as `answer` decides;
 * `events(type, id)` may post frame events (approval) before the answer.
 */
export function scriptedFrameEnvironment(
  answer: (type: string, payload: unknown) => ScriptedAnswer | Promise<ScriptedAnswer>,
  events: (type: string, payload: unknown, id: string) => unknown[] = () => [],
) {
  const page = testFrameEnvironment()
  const FRAME_ORIGIN = 'http://frame.test:8788'
  const { environment } = page
  const mount = environment.mount.bind(environment)
  const scripted = {
    ...environment,
    mount(src: string) {
      const mounted = mount(src)
      queueMicrotask(() => page.deliver({ type: 'FRAME_READY', payload: {} }, FRAME_ORIGIN))
      return mounted
    },
  }
  const post = page.frameWindow.postMessage.bind(page.frameWindow)
  page.frameWindow.postMessage = (message: unknown, targetOrigin: string) => {
    post(message, targetOrigin)
    const { type, id, payload } = message as { type: string; id: string; payload: unknown }
    queueMicrotask(async () => {
      for (const event of events(type, payload, id)) page.deliver(event, FRAME_ORIGIN)
      const result = await answer(type, payload)
      page.deliver(
        'ok' in result
          ? { type: `${type}_SUCCESS`, id, payload: result.ok }
          : { type: `${type}_ERROR`, id, payload: { message: result.error, code: result.code } },
        FRAME_ORIGIN,
      )
    })
  }
  return { ...page, environment: scripted, frameUrl: `${FRAME_ORIGIN}/` }
}

/**
 * Gives a Portico client's embedded wallet the scripted frame, where the browser's iframe would
 * be: the code around the frame runs as it does in the page.
 */
export function attachScriptedFrame(
  client: EmbeddedWalletHost,
  frame: Pick<ReturnType<typeof scriptedFrameEnvironment>, 'environment'>,
): void {
  ensureEmbeddedWallet(client, { environment: frame.environment })
}
