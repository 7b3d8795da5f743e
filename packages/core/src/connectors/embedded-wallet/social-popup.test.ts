import { afterEach, describe, expect, it, vi } from 'vitest'
import { SocialPopupClosedError, waitForSocialResult } from './social-popup'

const PAGE = 'http://localhost:5173'
const RESULT = `${PAGE}/?portico_social=github&state=s&resultCode=c`

function message(origin: string, source: unknown, data: unknown): Event {
  return Object.assign(new Event('message'), { origin, source, data })
}

describe("the social login popup's result", () => {
  const realWindow = globalThis.window
  afterEach(() => {
    globalThis.window = realWindow
    vi.useRealTimers()
  })

  it('is read only from the page origin and from the popup itself', async () => {
    const view = new EventTarget()
    globalThis.window = view as unknown as Window & typeof globalThis
    const popup = { closed: false } as Window
    const other = { closed: false } as Window
    let settled: string | undefined
    const result = waitForSocialResult(popup, PAGE).then((uri) => {
      settled = uri
      return uri
    })
    const type = 'portico:social-login-result'
    view.dispatchEvent(message('http://evil.test', popup, { type, uri: 'http://evil.test/' }))
    view.dispatchEvent(message(PAGE, other, { type, uri: `${PAGE}/?from=another-window` }))
    view.dispatchEvent(message(PAGE, popup, { type: 'something-else', uri: RESULT }))
    view.dispatchEvent(message(PAGE, popup, { type, uri: 42 }))
    await Promise.resolve()
    expect(settled).toBeUndefined()
    view.dispatchEvent(message(PAGE, popup, { type, uri: RESULT }))
    await expect(result).resolves.toBe(RESULT)
  })

  it('ends as closed when the visitor closes the popup first', async () => {
    vi.useFakeTimers()
    globalThis.window = new EventTarget() as unknown as Window & typeof globalThis
    const popup = { closed: false } as { closed: boolean }
    const result = waitForSocialResult(popup as Window, PAGE)
    popup.closed = true
    vi.advanceTimersByTime(600)
    await expect(result).rejects.toBeInstanceOf(SocialPopupClosedError)
  })
})
