// Approve turns on only once the confirm has been seen. The page that holds the frame is another
// origin, but it styles the iframe: it can make it transparent, cover it with a decoy that lets
// clicks through, shrink or clip it, and a click meant for the decoy then lands on Approve. So
// every part of the confirm must be in full view for APPROVE_ENABLE_DELAY_MS without a break.
// Where the browser can also tell that nothing covers, fades or distorts it (IntersectionObserver
// v2's `isVisible`: Chromium), that is part of the view. Where it cannot (Firefox, Safari
// today), the frame's document must have the focus as well: a click on a decoy over an
// unfocused frame focuses it only as the button goes down, too late for that click. Anything
// that breaks the view turns Approve off, and the wait starts again.
import { APPROVE_ENABLE_DELAY_MS, VISIBILITY_CHECK_DELAY_MS } from './frame-constants'

export interface VisibilityEnvironment {
  document: Pick<
    Document,
    'visibilityState' | 'hasFocus' | 'addEventListener' | 'removeEventListener'
  >
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** Absent in a browser without one: then the page's visibility and focus are all there is. */
  IntersectionObserver: typeof IntersectionObserver | undefined
  /** Runs `callback` once after `ms`; the function returned cancels it. */
  schedule(callback: () => void, ms: number): () => void
}

/** Watches `targets`; `onChange(true)` once they have been seen, `false` when that ends. */
export type WatchVisibility = (
  targets: readonly Element[],
  onChange: (seen: boolean) => void,
) => () => void

/** IntersectionObserver v2's options and answer, not in TypeScript's DOM types. */
interface VisibilityObserverInit extends IntersectionObserverInit {
  trackVisibility?: boolean
  delay?: number
}
interface VisibilityEntry extends IntersectionObserverEntry {
  readonly isVisible?: boolean
}

export function browserVisibilityEnvironment(): VisibilityEnvironment {
  return {
    document,
    window,
    IntersectionObserver:
      typeof IntersectionObserver === 'undefined' ? undefined : IntersectionObserver,
    schedule(callback, ms) {
      const handle = setTimeout(callback, ms)
      return () => clearTimeout(handle)
    },
  }
}

/** Whether this observer reports `isVisible` (it has `trackVisibility`). */
export function tracksVisibility(Observer: typeof IntersectionObserver | undefined): boolean {
  return Observer !== undefined && 'trackVisibility' in Observer.prototype
}

export function watchVisibility(
  targets: readonly Element[],
  onChange: (seen: boolean) => void,
  environment: VisibilityEnvironment = browserVisibilityEnvironment(),
): () => void {
  const { document, window, IntersectionObserver: Observer, schedule } = environment
  const checksCover = tracksVisibility(Observer)
  // Without an observer nothing says a part is out of view; with one, nothing is until it says so.
  const inView = new Map<Element, boolean>(targets.map((target) => [target, !Observer]))
  let focused = document.hasFocus()
  let seen = false
  let cancelWait: (() => void) | undefined

  function turn(next: boolean) {
    if (next === seen) return
    seen = next
    onChange(next)
  }

  function stopWaiting() {
    cancelWait?.()
    cancelWait = undefined
  }

  function inFullView(): boolean {
    if (document.visibilityState !== 'visible') return false
    if (!checksCover && !focused) return false
    return [...inView.values()].every(Boolean)
  }

  /** Off while not in full view (and on `restart`); in full view, the wait runs unless done. */
  function check(restart = false) {
    if (restart || !inFullView()) {
      stopWaiting()
      turn(false)
    }
    if (seen || cancelWait || !inFullView()) return
    cancelWait = schedule(() => {
      cancelWait = undefined
      turn(true)
    }, APPROVE_ENABLE_DELAY_MS)
  }

  const options: VisibilityObserverInit = checksCover
    ? { threshold: 1, trackVisibility: true, delay: VISIBILITY_CHECK_DELAY_MS }
    : { threshold: 1 }
  const observer =
    Observer &&
    new Observer((entries) => {
      for (const entry of entries as VisibilityEntry[]) {
        const whole = entry.isIntersecting && entry.intersectionRatio >= 1
        inView.set(entry.target, whole && (!checksCover || entry.isVisible === true))
      }
      check()
    }, options)
  for (const target of targets) observer?.observe(target)

  const onVisibility = () => check()
  // A frame resized may have been moved under the pointer: whatever it shows now waits again.
  const onResize = () => check(true)
  const onFocus = () => {
    focused = true
    check()
  }
  const onBlur = () => {
    focused = false
    check()
  }
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('resize', onResize)
  window.addEventListener('focus', onFocus)
  window.addEventListener('blur', onBlur)
  check()

  return () => {
    observer?.disconnect()
    stopWaiting()
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('resize', onResize)
    window.removeEventListener('focus', onFocus)
    window.removeEventListener('blur', onBlur)
  }
}
