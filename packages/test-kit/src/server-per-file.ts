// The real server a whole test file shares: started in the file's beforeAll, stopped in its
// afterAll, read from inside the tests.
import { afterAll, beforeAll } from 'vitest'
import { startServerOnAnvil } from './real-server'

type Started = Awaited<ReturnType<typeof startServerOnAnvil>>

/**
 * Registers the file's hooks; the getter throws if read before beforeAll ran. The start's time
 * limit covers loading the server's modules too (they load on the first start).
 */
export function serverPerFile(): () => Started
export function serverPerFile<Server extends { stop(): Promise<void> }>(
  start: () => Promise<Server>,
): () => Server
export function serverPerFile(
  start: () => Promise<{ stop(): Promise<void> }> = startServerOnAnvil,
): () => { stop(): Promise<void> } {
  let started: { stop(): Promise<void> } | undefined
  beforeAll(async () => {
    started = await start()
  }, 120_000)
  afterAll(async () => {
    await started?.stop()
  })
  return () => {
    if (!started) throw new Error('the server starts in beforeAll')
    return started
  }
}
