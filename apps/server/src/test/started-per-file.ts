// A part a whole test file shares (a devnet and server, a rig): started in the file's beforeAll,
// stopped in its afterAll, and read from inside the tests.
import { afterAll, beforeAll } from 'vitest'

/** Registers the file's hooks; the getter it answers throws if read before beforeAll ran. */
export function startedPerFile<T extends { stop(): Promise<void> }>(
  what: string,
  start: () => Promise<T>,
  timeoutMs?: number,
): () => T {
  let started: T | undefined
  beforeAll(async () => {
    started = await start()
  }, timeoutMs)
  afterAll(async () => {
    await started?.stop()
  })
  return () => {
    if (!started) throw new Error(`${what} starts in beforeAll`)
    return started
  }
}
