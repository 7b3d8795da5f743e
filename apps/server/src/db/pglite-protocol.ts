// Messages between the server's thread and its PGlite thread (pglite-thread.ts, pglite-worker.ts).
// Values cross by structured clone, which keeps what PGlite returns: bigint, Date, arrays,
// Uint8Array, parsed json.

export interface PgliteWorkerData {
  dataDir: string
  /** PostgreSQL's wasm, compiled once per process (pglite-thread.ts) and shared by its threads. */
  wasmModule: WebAssembly.Module
}

export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; the answer is its number, for the requests that belong to it. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }

/** A PostgreSQL error's own fields (code, detail, constraint...) survive the crossing. */
export interface CrossedError {
  message: string
  fields: Record<string, string | number | undefined>
}

export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: CrossedError }

/** What the thread says once, before any reply: opened, or why it could not. */
export type PgliteOpened = { opened: true } | { opened: false; error: CrossedError }

export function crossError(error: unknown): CrossedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} }
  const fields: CrossedError['fields'] = {}
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value
  }
  return { message: error.message, fields }
}

export function uncrossError({ message, fields }: CrossedError): Error {
  return Object.assign(new Error(message), fields)
}
