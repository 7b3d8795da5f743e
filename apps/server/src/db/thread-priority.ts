// A thread's scheduling priority on Linux, where each thread has an id of its own (its TID)
// that setpriority accepts. The PGlite thread runs at the lowest: on a busy machine the event
// loop's thread (sockets, requests) gets a core first and a long statement waits instead; the
// PGlite thread still runs whenever a core is free. Elsewhere nothing changes.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'

/** The lowest priority (the highest nice value) Linux gives a thread. */
export const LOWEST_PRIORITY = 19

/** The calling thread's id, or undefined off Linux. */
function currentThreadId(): number | undefined {
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    return Number.isInteger(tid) && tid > 0 ? tid : undefined
  } catch {
    return undefined
  }
}

/** Lowers the calling thread's priority; false where it cannot. Never throws: a nicety. */
export function lowerThisThreadsPriority(nice = LOWEST_PRIORITY): boolean {
  const tid = currentThreadId()
  if (tid === undefined) return false
  try {
    setPriority(tid, nice)
    return true
  } catch {
    return false
  }
}
