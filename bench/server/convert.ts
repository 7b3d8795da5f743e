// Load on GET /v1/convert/quotes: the server in a process of its own on a seeded devnet (swaps
// on its Uniswap V2 pools), autocannon on 127.0.0.1 at a fixed 200 requests/s, every request a
// quote read from the chain (reserves are never kept), cycling through pairs (one and two pools)
// and amounts. A bare Fastify route is driven the same way in the same rounds, interleaved, as
// the yardstick; then the quotes as fast as the connections go. Bounded: a few seconds a run,
// every child stopped whatever happens.
import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_ACCOUNTS, DEVNET_CONTRACTS, startDevnet } from '@portico/devnet'
import { CONVERT_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/convert-slippage'
import { DEV_PROJECT_ID } from '@portico/server'
import {
  devnetConvertConfig,
  ensurePgliteTemplate,
  startServerProcess,
} from '@portico/server/testing'
import { median } from '../stats'
import { type AutocannonRequest, autocannon, type LoadFigures, loadFigures } from './autocannon'
import { pacedLoad } from './paced-load'
import { startBareFastify } from './start-bare-fastify'
import { stopChild } from './stop-child'

/** One load run's figures (autocannon's or the paced load's). */
export type QuoteLoad = LoadFigures

export interface ConvertFigures {
  rate: number
  connections: number
  seconds: number
  rounds: number
  /** autocannon at `rate`: each second's requests leave in one burst. */
  quotesAtRate: QuoteLoad
  bareAtRate: QuoteLoad
  /** The same rate, one request every 1/rate s (paced-load.ts). */
  quotesPaced: QuoteLoad
  barePaced: QuoteLoad
  quotesMax: QuoteLoad
  /** Per round: each measurement's p99, to show the spread. */
  p99Runs: { quotes: number[]; bare: number[]; quotesPaced: number[]; barePaced: number[] }
}

function medianLoad(runs: QuoteLoad[]): QuoteLoad {
  const of = (pick: (load: QuoteLoad) => number) => median(runs.map(pick))
  return {
    requestsPerSecond: Math.round(of((load) => load.requestsPerSecond)),
    p50Ms: of((load) => load.p50Ms),
    p99Ms: of((load) => load.p99Ms),
    maxMs: of((load) => load.maxMs),
    requests: runs.reduce((sum, load) => sum + load.requests, 0),
    failures: runs.reduce((sum, load) => sum + load.failures, 0),
  }
}

/** On stderr, so a slow start (a busy machine) is not taken for a hang. */
function progress(message: string) {
  process.stderr.write(`convert bench: ${message}\n`)
}

/** The quotes the load cycles through: ETH, USDC and PRTC both ways, small to large amounts. */
function quotePaths(): string[] {
  const eth = `eip155:1:${CONVERT_NATIVE_TOKEN_ADDRESS}`
  const usdc = `eip155:1:${DEVNET_CONTRACTS.usdc}`
  const prtc = `eip155:1:${DEVNET_CONTRACTS.token}`
  const pairs: [string, string, string[]][] = [
    [eth, usdc, ['1000000000000000', '100000000000000000', '2500000000000000000']],
    [usdc, eth, ['1000000', '50000000', '12345678901']],
    [eth, prtc, ['10000000000000000', '1000000000000000000']],
    [prtc, eth, ['1000000000000000000', '250000000000000000000000']],
    [usdc, prtc, ['7000000', '99000000000']],
  ]
  const user = DEV_ACCOUNTS[0].address
  return pairs.flatMap(([from, to, amounts]) =>
    amounts.map((amount) => {
      const query = new URLSearchParams({
        projectId: DEV_PROJECT_ID,
        st: 'portico',
        sv: 'bench',
        amount,
        userAddress: `eip155:1:${user}`,
        from,
        to,
      })
      return `/v1/convert/quotes?${query}`
    }),
  )
}

export interface ConvertBenchOptions {
  rate?: number
  connections?: number
  seconds?: number
  rounds?: number
}

export async function measureConvertQuotes(
  options: ConvertBenchOptions = {},
): Promise<ConvertFigures> {
  const rate = options.rate ?? 200
  const connections = options.connections ?? 10
  const seconds = Math.min(options.seconds ?? 4, 20)
  const rounds = options.rounds ?? 3

  const devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-convert-'))
  const children: ChildProcess[] = []
  try {
    cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
    const server = startServerProcess({
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      PORTICO_CHAINS: JSON.stringify({ 1: devnet.chains[0]?.rpcUrl }),
      PORTICO_CONVERT: JSON.stringify(devnetConvertConfig([1]).convert),
      PORTICO_INDEXER: '0',
    })
    children.push(server.child)
    const serverUrl = await Promise.race([
      server.url,
      server.exited.then(() => {
        throw new Error(`the server exited: ${server.stderr()}`)
      }),
    ])
    progress(`server listening on ${serverUrl}`)
    const bare = await startBareFastify()
    children.push(bare.child)

    const paths = quotePaths()
    for (const path of paths) {
      const response = await fetch(`${serverUrl}${path}`)
      if (!response.ok)
        throw new Error(`quotes answered ${response.status}: ${await response.text()}`)
    }
    let next = 0
    const cycle = [
      {
        setupRequest: (request: AutocannonRequest) => ({
          ...request,
          path: paths[next++ % paths.length],
        }),
      },
    ]
    const atRate = (url: string, requests?: typeof cycle) =>
      autocannon({
        url,
        connections,
        duration: seconds,
        overallRate: rate,
        amount: rate * seconds,
        // As in the balance bench: autocannon's correction assumes a 1 ms interval at any rate.
        ignoreCoordinatedOmission: true,
        timeout: 10,
        ...(requests ? { requests } : {}),
      })
    // Warm-up: the JIT, the connection pools, the pairs the quoter looks up once.
    await atRate(serverUrl, cycle)
    await atRate(bare.url)

    const quotes: QuoteLoad[] = []
    const bareRuns: QuoteLoad[] = []
    const quotesPaced: QuoteLoad[] = []
    const barePaced: QuoteLoad[] = []
    const paced = (urls: string[]) => pacedLoad({ urls, rate, seconds, connections })
    const max: QuoteLoad[] = []
    for (let round = 0; round < rounds; round++) {
      progress(`round ${round + 1} of ${rounds}`)
      quotes.push(loadFigures(await atRate(serverUrl, cycle)))
      bareRuns.push(loadFigures(await atRate(bare.url)))
      quotesPaced.push(await paced(paths.map((path) => `${serverUrl}${path}`)))
      barePaced.push(await paced([bare.url]))
      max.push(
        loadFigures(
          await autocannon({
            url: serverUrl,
            connections,
            // No `amount`: autocannon lets it override the duration.
            duration: seconds,
            timeout: 10,
            requests: cycle,
          }),
        ),
      )
    }
    return {
      rate,
      connections,
      seconds,
      rounds,
      quotesAtRate: medianLoad(quotes),
      bareAtRate: medianLoad(bareRuns),
      quotesPaced: medianLoad(quotesPaced),
      barePaced: medianLoad(barePaced),
      quotesMax: medianLoad(max),
      p99Runs: {
        quotes: quotes.map((load) => load.p99Ms),
        bare: bareRuns.map((load) => load.p99Ms),
        quotesPaced: quotesPaced.map((load) => load.p99Ms),
        barePaced: barePaced.map((load) => load.p99Ms),
      },
    }
  } finally {
    await Promise.all(children.map(stopChild))
    await devnet.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
