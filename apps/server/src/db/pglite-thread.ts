// The server's side of its PGlite thread (pglite-worker.ts). PostgreSQL compiled to wasm does
// its work synchronously on the thread that calls it: on the server's own thread each
// statement stopped every socket and request while it ran (the relay spent a third of that
// thread in PGlite at 5,000 messages a second, in stops of up to several ms). On a thread of
// its own it costs the server's thread only the crossing of a statement and its rows.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Worker } from 'node:worker_threads'
import { startTypeScriptWorker } from '../typescript-worker'
import {
  type PgliteOpened,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
  uncrossError,
} from './pglite-protocol'

let compiledPostgres: Promise<WebAssembly.Module> | undefined

/**
 * PGlite's PostgreSQL, compiled once for the process. A thread that compiles its own spends
 * about 0.7 s of CPU on the 9 MB module before it opens anything; given one compiled here it
 * instantiates the code already compiled (and optimised) for the threads before it. A server
 * opens one database, but a test run or a bench opens hundreds in one process.
 */
function compilePostgres(): Promise<WebAssembly.Module> {
  compiledPostgres ??= (async () => {
    const pglite = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    return WebAssembly.compile(await readFile(join(pglite, 'pglite.wasm')))
  })()
  return compiledPostgres
}

type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

export class PgliteThread {
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()
  #nextId = 1
  #stopped: Error | undefined

  private constructor(
    readonly worker: Worker,
    onStopped: ((error: Error) => void) | undefined,
  ) {
    worker.on('message', (message: PgliteReply) => {
      const pending = this.#pending.get(message.id)
      if (!pending) return
      this.#pending.delete(message.id)
      if (message.ok) pending.resolve(message.value)
      else pending.reject(uncrossError(message.error))
    })
    const stop = (error: Error) => {
      const unexpected = this.#stopped === undefined
      this.#stopped ??= error
      for (const pending of this.#pending.values()) pending.reject(error)
      this.#pending.clear()
      if (unexpected) onStopped?.(error)
    }
    worker.on('error', (error) => stop(new Error(`The PGlite thread failed: ${error.message}`)))
    worker.on('exit', (code) => stop(new Error(`The PGlite thread exited (code ${code})`)))
  }

  /**
   * Starts the thread and opens the data folder in it. `onStopped` hears of a thread that
   * failed or exited on its own (not through `close`): every later request fails.
   */
  static async open(dataDir: string, onStopped?: (error: Error) => void): Promise<PgliteThread> {
    const workerData: PgliteWorkerData = { dataDir, wasmModule: await compilePostgres() }
    const worker = startTypeScriptWorker(new URL('./pglite-worker.ts', import.meta.url), workerData)
    let settle: () => void = () => {}
    const opened = await new Promise<PgliteOpened>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The PGlite thread exited (code ${code})`))
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', onExit)
      // Not worker.removeAllListeners(): Node's own listeners on a Worker carry its messages.
      settle = () => {
        worker.off('message', resolve)
        worker.off('error', reject)
        worker.off('exit', onExit)
      }
    })
      .catch(async (error: unknown) => {
        await worker.terminate()
        throw error
      })
      .finally(() => settle())
    if (!opened.opened) {
      await worker.terminate()
      throw uncrossError(opened.error)
    }
    return new PgliteThread(worker, onStopped)
  }

  request(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.worker.postMessage({ ...request, id })
    })
  }

  /** Closes PGlite (writing what it holds) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return
    await this.request({ op: 'close' })
    this.#stopped = new Error('The database is closed')
    await this.worker.terminate()
  }
}
