// A page and its iframe as the frame client sees them, for unit tests: what the client posts,
// and messages delivered from any origin and source.
import type { FrameEnvironment, FrameMessageEvent, FrameRect } from './frameHost'

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
