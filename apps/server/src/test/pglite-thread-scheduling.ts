// Run as a process of its own (`node --import tsx pglite-thread-scheduling.ts <data folder>`):
// opens PGlite on its thread and prints how this process's threads are scheduled, as JSON
// {"policy nice": count}, so a test can start it in a session of its own or in a shared one.
import { readdirSync, readFileSync } from 'node:fs'
import { PgliteThread } from '../db/pglite-thread'

/** A thread's scheduling as its stat line says: nice is field 19, policy field 41. */
export function schedulingOf(statPath: string): string {
  const stat = readFileSync(statPath, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return `policy ${fields[38]}, nice ${fields[16]}`
}

/** How many of this process's threads run with each policy and nice value (Linux's /proc). */
export function threadsByScheduling(): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const tid of readdirSync('/proc/self/task')) {
    const scheduling = schedulingOf(`/proc/self/task/${tid}/stat`)
    counts[scheduling] = (counts[scheduling] ?? 0) + 1
  }
  return counts
}

const dataDir = process.argv[2]
if (dataDir && process.argv[1]?.endsWith('pglite-thread-scheduling.ts')) {
  const thread = await PgliteThread.open(dataDir)
  process.stdout.write(`${JSON.stringify(threadsByScheduling())}\n`)
  await thread.close()
}
