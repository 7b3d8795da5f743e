// The PGlite instance of a server, on a thread of its own: PostgreSQL in wasm runs
// synchronously wherever it lives, and on the server's thread every statement stopped every
// socket and request (see pglite-thread.ts). Requests are served in the order they come;
// PGlite itself makes a query outside a transaction wait until an open one ends. The thread
// runs only on a core nothing else wants (thread-priority.ts): at 5,000 relay messages a
// second on two cores the relay's clients otherwise wait behind its statements.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction, types } from '@electric-sql/pglite'
import {
  crossError,
  type PgliteOpened,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol'
import { runThisThreadWhenIdle } from './thread-priority'

interface OpenTransaction {
  tx: Transaction
  end: (commit: boolean) => void
  ended: Promise<void>
}

/** Thrown inside PGlite's transaction to have it rolled back. */
class RollBack extends Error {}

async function serve(
  port: NonNullable<typeof parentPort>,
  { dataDir, wasmModule }: PgliteWorkerData,
) {
  let pglite: PGlite
  try {
    pglite = await PGlite.create(dataDir, {
      parsers: { [types.INT8]: (value: string) => BigInt(value) },
      pgliteWasmModule: wasmModule,
    })
  } catch (error) {
    port.postMessage({ opened: false, error: crossError(error) } satisfies PgliteOpened)
    return
  }
  const transactions = new Map<number, OpenTransaction>()
  let nextTransaction = 1

  const target = (tx: number | undefined) => {
    if (tx === undefined) return pglite
    const open = transactions.get(tx)
    if (!open) throw new Error(`Transaction ${tx} is not open`)
    return open.tx
  }

  const begin = () =>
    new Promise<number>((opened, failed) => {
      const number = nextTransaction++
      const ended = pglite
        .transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              transactions.set(number, {
                tx,
                end: (commit) => (commit ? resolve() : reject(new RollBack())),
                ended,
              })
              opened(number)
            }),
        )
        .then(
          () => undefined,
          (error: unknown) => {
            if (!(error instanceof RollBack)) throw error
          },
        )
        .finally(() => transactions.delete(number))
      // An error before the transaction opened (BEGIN failed) is this request's answer.
      ended.catch(failed)
    })

  const answer = async (request: PgliteRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const result = await target(request.tx).query(request.sql, request.params)
        return { rows: result.rows, rowCount: result.affectedRows || result.rows.length }
      }
      case 'exec':
        await target(request.tx).exec(request.sql)
        return undefined
      case 'begin':
        return begin()
      case 'end': {
        const open = transactions.get(request.tx)
        if (!open) throw new Error(`Transaction ${request.tx} is not open`)
        open.end(request.commit)
        return open.ended
      }
      case 'close':
        if (!pglite.closed) await pglite.close()
        return undefined
    }
  }

  port.on('message', (request: PgliteRequest) => {
    answer(request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies PgliteReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          error: crossError(error),
        } satisfies PgliteReply),
    )
  })
  port.postMessage({ opened: true } satisfies PgliteOpened)
}

runThisThreadWhenIdle()
if (parentPort) await serve(parentPort, workerData as PgliteWorkerData)
