// Load on GET /getWallets?search=... (autocannon, 127.0.0.1 only, bounded duration), with a
// bare Fastify route answering {"hello":"world"} measured in the same run for reference. The
// servers run in a child process (./wallets-target.ts) so the load generator has its own core.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { DEV_PROJECT_ID } from '@portico/server'
import { median } from '../stats'

export interface LoadFigures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  /** Non-2xx answers and connection errors; a measurement with any is not to be trusted. */
  failures: number
}

export interface GetWalletsFigures {
  /** Search terms the modal's AllWallets search sends, cycled (answers come from the page cache). */
  search: LoadFigures
  /** The same searches with a random exclude id each: every answer computed afresh. */
  searchUncached: LoadFigures
  /** A bare Fastify route answering {"hello":"world"}. */
  bareFastify: LoadFigures
  /** search requests/s over bare Fastify requests/s, the median of the rounds' ratios. */
  ratio: number
  connections: number
  durationSeconds: number
  rounds: number
}

export interface MeasureOptions {
  /** Per measurement, after a 1 s warm-up; 1 to 30 (default 3). */
  durationSeconds?: number
  /** Rounds of the three measurements, interleaved; figures are their medians (default 3). */
  rounds?: number
  connections?: number
}

interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
}

interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  pipelining?: number
  requests?: Array<{ setupRequest?: (request: AutocannonRequest) => AutocannonRequest }>
}

interface AutocannonResult {
  non2xx: number
  errors: number
  timeouts: number
}

interface AutocannonInstance {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, responseTimeMs: number) => void,
  ): void
}

type Autocannon = (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance

// autocannon ships no types; it is loaded through require and typed here by what we use.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const SEARCHES = ['meta', 'wallet', 'trust', 'io.', 'rain', 'phan', 'okx', 'ledger', 'safe', 'zer']

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number
}

function load(options: AutocannonOptions): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = []
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error)
      latencies.sort((a, b) => a - b)
      resolve({
        requestsPerSecond: Math.round(latencies.length / options.duration),
        p50Ms: median(latencies),
        p99Ms: percentile(latencies, 0.99),
        requests: latencies.length,
        failures: result.non2xx + result.errors + result.timeouts,
      })
    })
    instance.on('response', (_client, _status, _bytes, responseTimeMs) => {
      latencies.push(responseTimeMs)
    })
  })
}

function medianOf(runs: LoadFigures[]): LoadFigures {
  const of = (pick: (load: LoadFigures) => number) => median(runs.map(pick))
  return {
    requestsPerSecond: Math.round(of((load) => load.requestsPerSecond)),
    p50Ms: of((load) => load.p50Ms),
    p99Ms: of((load) => load.p99Ms),
    requests: runs.reduce((sum, load) => sum + load.requests, 0),
    failures: runs.reduce((sum, load) => sum + load.failures, 0),
  }
}

function cycling(paths: () => string): AutocannonOptions['requests'] {
  return [{ setupRequest: (request) => ({ ...request, path: paths() }) }]
}

async function startTarget(): Promise<{
  child: ChildProcess
  porticoUrl: string
  bareUrl: string
}> {
  const script = fileURLToPath(new URL('./wallets-target.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const stdout = child.stdout
  if (!stdout) throw new Error('the benchmark target has no stdout')
  const lines = createInterface({ input: stdout })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the benchmark target exited (${code})`)))
  })
  lines.close()
  const urls = JSON.parse(first) as { porticoUrl: string; bareUrl: string }
  for (const url of [urls.porticoUrl, urls.bareUrl]) {
    if (new URL(url).hostname !== '127.0.0.1') throw new Error(`not on 127.0.0.1: ${url}`)
  }
  return { child, ...urls }
}

function stopTarget(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.stdin?.end()
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
  })
}

export async function measureGetWallets(options: MeasureOptions = {}): Promise<GetWalletsFigures> {
  const durationSeconds = Math.min(30, Math.max(1, options.durationSeconds ?? 3))
  const rounds = Math.min(10, Math.max(1, options.rounds ?? 3))
  const connections = options.connections ?? 10
  const { child, porticoUrl, bareUrl } = await startTarget()
  try {
    let turn = 0
    const searchPath = () => {
      const search = SEARCHES[turn++ % SEARCHES.length] ?? 'meta'
      return `/getWallets?projectId=${DEV_PROJECT_ID}&st=portico&sv=bench&page=1&entries=100&search=${encodeURIComponent(search)}`
    }
    const uncachedPath = () => `${searchPath()}&exclude=${randomBytes(32).toString('hex')}`
    const run = (url: string, paths?: () => string, duration = durationSeconds) =>
      load({
        url,
        connections,
        duration,
        ...(paths ? { requests: cycling(paths) } : {}),
      })

    // Warm-ups: JIT, the page cache, connection set-up.
    await run(porticoUrl, searchPath, 1)
    await run(bareUrl, undefined, 1)

    const search: LoadFigures[] = []
    const searchUncached: LoadFigures[] = []
    const bareFastify: LoadFigures[] = []
    const ratios: number[] = []
    for (let round = 0; round < rounds; round++) {
      const cached = await run(porticoUrl, searchPath)
      searchUncached.push(await run(porticoUrl, uncachedPath))
      const bare = await run(`${bareUrl}/hello`)
      search.push(cached)
      bareFastify.push(bare)
      ratios.push(cached.requestsPerSecond / bare.requestsPerSecond)
    }
    return {
      search: medianOf(search),
      searchUncached: medianOf(searchUncached),
      bareFastify: medianOf(bareFastify),
      ratio: median(ratios),
      connections,
      durationSeconds,
      rounds,
    }
  } finally {
    await stopTarget(child)
  }
}
