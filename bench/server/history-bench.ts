// Load on a history page: GET /v1/account/{account}/history with 1,000,000 transfers in the
// indexer's tables (history-data.ts), driven by autocannon on 127.0.0.1. The server runs in a
// process of its own (as in production) on PGlite (PostgreSQL when DATABASE_URL is set), its
// indexer off; a bare Fastify route is measured in the same run for comparison.
import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_PROJECT_ID } from '@portico/server'
import {
  createFreshDatabase,
  encodeHistoryCursor,
  ensurePgliteTemplate,
  migrate,
  openDatabase,
  startServerProcess,
} from '@portico/server/testing'
import { median } from '../stats'
import { type AutocannonResult, autocannon, type LoadFigures, loadFigures } from './autocannon'
import { HEAVY_ACCOUNT, LIGHT_ACCOUNT, loadHistoryRows } from './history-data'
import { startBareFastify } from './start-bare-fastify'
import { stopChild } from './stop-child'

/** What a history page run reports. */
export type PageLoad = Pick<LoadFigures, 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'failures'>

export interface HistoryFigures {
  transfers: number
  database: 'pglite' | 'postgres'
  loadSeconds: number
  connections: number
  /** Requests per second of the fixed-rate runs. */
  rate: number
  /** Rounds each figure is the median of. */
  rounds: number
  /** 20 newest of the account with 100,000 transactions, at `rate` requests/s. */
  firstPageAtRate: PageLoad
  /** The same page at a fixed rate, from the middle of its history (keyset cursor). */
  deepPageAtRate: PageLoad
  /** As fast as `connections` connections go: */
  firstPage: PageLoad
  deepPage: PageLoad
  /** Its first page on one chain (chainId=eip155:1). */
  chainPage: PageLoad
  /** First page of an account with a few dozen transactions. */
  lightAccount: PageLoad
  /** The yardstick: a bare Fastify route, same connections, same run. */
  bareFastify: PageLoad
}

function pageLoad(result: AutocannonResult): PageLoad {
  const { requestsPerSecond, p50Ms, p99Ms, failures } = loadFigures(result)
  return { requestsPerSecond, p50Ms, p99Ms, failures }
}

interface Run {
  url: string
  connections: number
  seconds: number
  /** A fixed rate of requests per second; as fast as it goes when absent. */
  rate?: number
}

async function load({ url, connections, seconds, rate }: Run): Promise<PageLoad> {
  const check = await fetch(url)
  if (!check.ok) throw new Error(`${url} answered ${check.status}: ${await check.text()}`)
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    // At a fixed rate autocannon's correction assumes a 1 ms interval whatever the rate and
    // invents answers; the raw latencies are the ones read (as in balance.ts).
    ...(rate ? { overallRate: rate, ignoreCoordinatedOmission: true } : {}),
  })
  return pageLoad(result)
}

function medianLoad(loads: PageLoad[]): PageLoad {
  const middle = (pick: (load: PageLoad) => number) => median(loads.map(pick))
  return {
    requestsPerSecond: middle((load) => load.requestsPerSecond),
    p50Ms: middle((load) => load.p50Ms),
    p99Ms: middle((load) => load.p99Ms),
    failures: loads.reduce((sum, load) => sum + load.failures, 0),
  }
}

/** Each run `rounds` times, interleaved; the median of each figure. */
async function loadRounds(runs: Record<string, Run>, rounds: number) {
  const results: Record<string, PageLoad[]> = {}
  for (const [name, run] of Object.entries(runs)) {
    await load({ ...run, seconds: 1 }) // JIT and caches settle
    results[name] = []
  }
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(runs)) results[name]?.push(await load(run))
  }
  return Object.fromEntries(
    Object.entries(results).map(([name, loads]) => [name, medianLoad(loads)]),
  ) as Record<string, PageLoad>
}

export interface HistoryOptions {
  transfers?: number
  connections?: number
  seconds?: number
  rate?: number
  rounds?: number
}

export async function measureHistory(options: HistoryOptions = {}): Promise<HistoryFigures> {
  const transfers = options.transfers ?? 1_000_000
  const connections = options.connections ?? 10
  const seconds = options.seconds ?? 4
  const rate = options.rate ?? 200
  const rounds = options.rounds ?? 3
  // PostgreSQL when DATABASE_URL is set; otherwise PGlite in a folder on disk, as npm start.
  const fresh = process.env.DATABASE_URL ? await createFreshDatabase(process.env) : undefined
  const folder = mkdtempSync(join(tmpdir(), 'portico-bench-history-'))
  const location = fresh?.location ?? { dataDir: join(folder, 'pglite') }
  if (!fresh) cpSync((await ensurePgliteTemplate()).path, location.dataDir, { recursive: true })
  const children: ChildProcess[] = []
  try {
    const db = await openDatabase(location)
    const started = performance.now()
    try {
      await migrate(db)
      await loadHistoryRows(db, transfers)
    } finally {
      await db.close()
    }
    const loadSeconds = Math.round((performance.now() - started) / 100) / 10

    const server = startServerProcess({
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: location.dataDir,
      ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
      LOG_LEVEL: 'error',
      // Never called: the indexer is off and history reads the database only.
      PORTICO_CHAINS: JSON.stringify({ 1: 'http://127.0.0.1:9' }),
      PORTICO_INDEXER: '0',
    })
    children.push(server.child)
    const url = await Promise.race([
      server.url,
      server.exited.then(() => {
        throw new Error(`the server exited: ${server.stderr()}`)
      }),
    ])
    const query = `projectId=${DEV_PROJECT_ID}&st=portico&sv=bench`
    const history = (account: string, extra = '') =>
      `${url}/v1/account/${account}/history?${query}${extra}`
    // The heavy account's transactions are every 10th (two a block, 12 s a block).
    const middle = Math.floor(transfers / 4 / 10) * 10
    const cursor = encodeHistoryCursor(
      {
        minedAt: 1_700_000_000 + (middle / 2) * 12,
        chainId: 1,
        blockNumber: middle / 2,
        txIndex: 0,
      },
      undefined,
    )
    const first = history(HEAVY_ACCOUNT)
    const deep = history(HEAVY_ACCOUNT, `&cursor=${cursor}`)
    const pages = await loadRounds(
      {
        firstPageAtRate: { url: first, connections, seconds, rate },
        deepPageAtRate: { url: deep, connections, seconds, rate },
        firstPage: { url: first, connections, seconds },
        deepPage: { url: deep, connections, seconds },
        chainPage: { url: history(HEAVY_ACCOUNT, '&chainId=eip155:1'), connections, seconds },
        lightAccount: { url: history(LIGHT_ACCOUNT), connections, seconds },
      },
      rounds,
    )
    await stopChild(server.child)

    const bare = await startBareFastify()
    children.push(bare.child)
    const { bareFastify } = await loadRounds(
      { bareFastify: { url: bare.url, connections, seconds } },
      rounds,
    )
    return {
      transfers,
      database: location.databaseUrl ? 'postgres' : 'pglite',
      loadSeconds,
      connections,
      rate,
      rounds,
      firstPageAtRate: pages.firstPageAtRate as PageLoad,
      deepPageAtRate: pages.deepPageAtRate as PageLoad,
      firstPage: pages.firstPage as PageLoad,
      deepPage: pages.deepPage as PageLoad,
      chainPage: pages.chainPage as PageLoad,
      lightAccount: pages.lightAccount as PageLoad,
      bareFastify: bareFastify as PageLoad,
    }
  } finally {
    await Promise.all(children.map(stopChild))
    await fresh?.drop()
    rmSync(folder, { recursive: true, force: true })
  }
}
