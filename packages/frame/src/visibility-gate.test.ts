import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APPROVE_ENABLE_DELAY_MS } from './frame-constants'
import { type VisibilityEnvironment, watchVisibility } from './visibility-gate'

/** What an observer would report for one target. */
interface Report {
  ratio: number
  /** v2 only: nothing covers, fades or distorts it. */
  isVisible?: boolean
}

/**
 * An IntersectionObserver the test drives: `report` is what the browser would call back with.
 * With `v2`, its prototype has `trackVisibility`, as Chromium's has.
 */
function fakeObserverClass(v2: boolean) {
  const made: FakeObserver[] = []
  class FakeObserver {
    readonly targets = new Set<Element>()
    disconnected = false
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number },
    ) {
      made.push(this)
    }
    observe(target: Element) {
      this.targets.add(target)
    }
    disconnect() {
      this.disconnected = true
    }
    report(target: Element, { ratio, isVisible }: Report) {
      const entry = {
        target,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
        ...(v2 ? { isVisible: isVisible ?? true } : {}),
      }
      this.callback([entry as unknown as IntersectionObserverEntry], this as never)
    }
  }
  if (v2) Object.defineProperty(FakeObserver.prototype, 'trackVisibility', { get: () => false })
  return { Observer: FakeObserver as unknown as typeof IntersectionObserver, made }
}

function fakePage(Observer: typeof IntersectionObserver | undefined) {
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
    focused: true,
    hasFocus(this: { focused: boolean }) {
      return this.focused
    },
  })
  const window = new EventTarget()
  const environment: VisibilityEnvironment = {
    document: document as unknown as VisibilityEnvironment['document'],
    window: window as unknown as VisibilityEnvironment['window'],
    IntersectionObserver: Observer,
    schedule(callback, ms) {
      const handle = setTimeout(callback, ms)
      return () => clearTimeout(handle)
    },
  }
  return { document, window, environment }
}

/** The confirm's parts: title, origin, details, buttons. */
function confirmParts(): Element[] {
  return ['h1', 'p', 'dl', 'div'].map((tag) => document.createElement(tag))
}

function watch(parts: Element[], environment: VisibilityEnvironment) {
  const changes: boolean[] = []
  const stop = watchVisibility(parts, (seen) => changes.push(seen), environment)
  return { changes, stop, on: () => changes.at(-1) === true }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Approve, where the browser reports visibility (IntersectionObserver v2)', () => {
  function setUp() {
    const { Observer, made } = fakeObserverClass(true)
    const page = fakePage(Observer)
    const parts = confirmParts()
    const gate = watch(parts, page.environment)
    const observer = made[0] as (typeof made)[number]
    const showAll = (report: Report = { ratio: 1, isVisible: true }) => {
      for (const part of parts) observer.report(part, report)
    }
    return { ...page, parts, gate, observer, showAll }
  }

  it('asks the browser to track visibility, at least 100 ms apart, for every part in full', () => {
    const { observer, parts } = setUp()
    expect(observer.options).toEqual({ threshold: 1, trackVisibility: true, delay: 100 })
    expect([...observer.targets]).toEqual(parts)
  })

  it(`turns on only after every part has been in full view, unobscured, for ${APPROVE_ENABLE_DELAY_MS} ms`, () => {
    const { gate, showAll } = setUp()
    expect(gate.on()).toBe(false)
    showAll()
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.on()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.changes).toEqual([true])
  })

  it('stays off however long the confirm is drawn transparent or covered', () => {
    const { gate, showAll } = setUp()
    showAll({ ratio: 1, isVisible: false })
    vi.advanceTimersByTime(60_000)
    expect(gate.changes).toEqual([])
  })

  it('stays off while one part is clipped, or out of view', () => {
    const { gate, showAll, observer, parts } = setUp()
    showAll()
    observer.report(parts[0] as Element, { ratio: 0.5, isVisible: true })
    vi.advanceTimersByTime(60_000)
    expect(gate.changes).toEqual([])
    observer.report(parts[0] as Element, { ratio: 0 })
    vi.advanceTimersByTime(60_000)
    expect(gate.changes).toEqual([])
  })

  it('turns off the moment a part is covered, and waits the whole time again once it is not', () => {
    const { gate, showAll, observer, parts } = setUp()
    showAll()
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS)
    observer.report(parts[3] as Element, { ratio: 1, isVisible: false })
    expect(gate.changes).toEqual([true, false])
    observer.report(parts[3] as Element, { ratio: 1, isVisible: true })
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.on()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.changes).toEqual([true, false, true])
  })

  it('starts the wait again when covered during it', () => {
    const { gate, showAll } = setUp()
    showAll()
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS - 100)
    showAll({ ratio: 1, isVisible: false })
    showAll()
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.changes).toEqual([])
    vi.advanceTimersByTime(1)
    expect(gate.changes).toEqual([true])
  })

  it('turns off while the page is hidden and waits again when it is back', () => {
    const { gate, showAll, document } = setUp()
    showAll()
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS)
    document.visibilityState = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(gate.changes).toEqual([true, false])
    document.visibilityState = 'visible'
    document.dispatchEvent(new Event('visibilitychange'))
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.on()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.on()).toBe(true)
  })

  it('turns off when the frame is resized, and waits again', () => {
    const { gate, showAll, window } = setUp()
    showAll()
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS)
    window.dispatchEvent(new Event('resize'))
    expect(gate.changes).toEqual([true, false])
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS)
    expect(gate.changes).toEqual([true, false, true])
  })

  it('needs no focus: the browser itself says nothing covers the confirm', () => {
    const { gate, showAll, document } = setUp()
    document.focused = false
    showAll()
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS)
    expect(gate.on()).toBe(true)
  })

  it('says nothing more once stopped, and lets the observer go', () => {
    const { gate, showAll, observer } = setUp()
    showAll()
    gate.stop()
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS)
    expect(gate.changes).toEqual([])
    expect(observer.disconnected).toBe(true)
  })
})

describe('Approve, where the browser cannot tell what covers the frame', () => {
  it('waits the same time in full view, and only while the frame has the focus', () => {
    const { Observer, made } = fakeObserverClass(false)
    const { document, window, environment } = fakePage(Observer)
    document.focused = false
    const parts = confirmParts()
    const gate = watch(parts, environment)
    const observer = made[0] as (typeof made)[number]
    expect(observer.options).toEqual({ threshold: 1 })
    for (const part of parts) observer.report(part, { ratio: 1 })
    vi.advanceTimersByTime(60_000)
    expect(gate.changes).toEqual([])

    // The focus arrives (the modal focuses the frame it shows): the wait runs from there.
    document.focused = true
    window.dispatchEvent(new Event('focus'))
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.on()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.on()).toBe(true)

    // Focus gone, off; back, the whole wait again.
    window.dispatchEvent(new Event('blur'))
    expect(gate.on()).toBe(false)
    window.dispatchEvent(new Event('focus'))
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.on()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.on()).toBe(true)

    // Clipped: off.
    observer.report(parts[1] as Element, { ratio: 0.4 })
    expect(gate.on()).toBe(false)
  })

  it('without any observer, waits the same time while the page is visible and focused', () => {
    const { document, window, environment } = fakePage(undefined)
    const gate = watch(confirmParts(), environment)
    vi.advanceTimersByTime(APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.on()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.on()).toBe(true)
    document.focused = false
    window.dispatchEvent(new Event('blur'))
    expect(gate.on()).toBe(false)
  })
})
