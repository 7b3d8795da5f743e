// A thread's scheduling on Linux, where each thread has an id of its own (its TID) that the
// scheduler calls accept. The PGlite thread runs nearly only when a core would otherwise be
// idle (SCHED_IDLE, which still gets a sliver of a busy core): on a busy machine the event
// loop's thread (sockets, requests) and whatever serves the clients get a core at once, and a
// long statement waits instead. A low nice value
// alone was not enough: the kernel (EEVDF) lets a running thread finish its slice before a
// woken one takes the core, so a relay's client thread often waited 2-5 ms behind a statement;
// a SCHED_IDLE thread gives the core up as soon as any other thread wants it. Elsewhere nothing
// changes.
import { execFileSync } from 'node:child_process'
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'

/** The lowest priority (the highest nice value) Linux gives a thread. */
export const LOWEST_PRIORITY = 19

/** Linux's number for the SCHED_IDLE policy (as /proc/<tid>/stat shows it). */
export const SCHED_IDLE = 5

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

/**
 * Lets the calling thread run only on an otherwise idle core: SCHED_IDLE where util-linux's
 * `chrt` can set it (Node has no call for it), else the lowest nice value. Says which it got;
 * never throws, it is a nicety.
 */
export function runThisThreadWhenIdle(): 'idle' | 'lowest nice' | 'unchanged' {
  const tid = currentThreadId()
  if (tid === undefined) return 'unchanged'
  let result: 'idle' | 'lowest nice' | 'unchanged' = 'unchanged'
  try {
    setPriority(tid, LOWEST_PRIORITY)
    result = 'lowest nice'
  } catch {}
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 5_000 })
    result = 'idle'
  } catch {}
  return result
}
