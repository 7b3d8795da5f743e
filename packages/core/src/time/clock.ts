// Every store that waits (toast swap, cooldowns, retry gates) takes time from here, so tests
// can drive it with fake timers or a hand-set clock.

export interface Clock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

let current: Clock = systemClock

export const clock: Clock = {
  now: () => current.now(),
  setTimeout: (callback, ms) => current.setTimeout(callback, ms),
  clearTimeout: (handle) => current.clearTimeout(handle),
}

/** Tests swap the clock; pass nothing to restore the system clock. */
export function setClock(next?: Clock): void {
  current = next ?? systemClock
}
