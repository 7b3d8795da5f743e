// A thread's scheduling on Linux, where each thread has an id of its own (its TID) that the
// scheduler calls accept. Where the server has a scheduling group of its own, the PGlite thread
// runs nearly only when the server's other threads leave a core idle (SCHED_IDLE): the event
// loop (sockets, requests) gets a core at once and a long statement waits instead. A low nice
// value alone was not enough for that: the kernel (EEVDF) lets a running thread finish its
// slice before a woken one takes the core, so a relay's client thread often waited 2-5 ms
// behind a statement; a SCHED_IDLE thread gives the core up as soon as any other thread wants it.
//
// SCHED_IDLE yields to every thread of its scheduling group, not only to the server's. A
// session of its own is a group of its own (Linux's autogroup; a service manager starts its
// services so), and there the database waits only behind the server. In a session shared with
// other busy work (a terminal's, a test run's) it would wait behind all of it: measured beside a
// test run, a PGlite thread spent 59 s on the run queue for 1.2 s of work, and every request
// with it. There the thread keeps the process's own priority.
import { execFileSync } from 'node:child_process'
import { readFileSync, readlinkSync } from 'node:fs'
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
 * Whether this process leads its session and the kernel groups scheduling by session
 * (autogroup): only then is what yields to "everything else" yielding to this process alone.
 */
export function hasSchedulingGroupOfItsOwn(): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // After the command's closing parenthesis: state, ppid, pgrp, session.
    const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3])
    const autogroup = readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim()
    return session === process.pid && autogroup === '1'
  } catch {
    return false
  }
}

/**
 * Lets the calling thread run only when the server's other threads leave a core idle, where
 * the server has a scheduling group of its own: SCHED_IDLE where util-linux's `chrt` can set it
 * (Node has no call for it), else the lowest nice value. Elsewhere it changes nothing. Says what
 * it did; never throws, it is a nicety.
 */
export function runThisThreadWhenIdle(
  ownGroup = hasSchedulingGroupOfItsOwn(),
): 'idle' | 'lowest nice' | 'unchanged' {
  const tid = currentThreadId()
  if (tid === undefined || !ownGroup) return 'unchanged'
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
