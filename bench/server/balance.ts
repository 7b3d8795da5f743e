// Load on a cached balance: GET /v1/account/{address}/balance for a dev account whose answer
// is in the server's cache, driven by autocannon on 127.0.0.1. The server runs in a process of
// its own (as in production), on a seeded devnet with prices from its pools, so the load
// generator does not share its event loop. Two runs: at a fixed 1,000 requests/s (the budget:
// p99 at most 20 ms there) and at as many as it can take. Bounded: a few seconds each, a cap on
// requests, and the server is stopped whatever happens.
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_ACCOUNTS, startDevnet } from '@portico/devnet'
import { DEV_PROJECT_ID } from '@portico/server'
import { devnetBalanceConfig, ensurePgliteTemplate } from '@portico/server/testing'
import { autocannon, type LoadFigures, loadFigures } from './autocannon'

const repoRoot = join(import.meta.dirname, '..', '..')

export type { LoadFigures }

export interface CachedBalanceFigures {
  /** At a fixed rate of `targetRate` requests/s. */
  atRate: LoadFigures & { targetRate: number }
  /** As fast as `connections` connections go. */
  max: LoadFigures & { connections: number }
  /** Entries in the answer (native coin and tokens). */
  entries: number
}

export interface CachedBalanceOptions {
  /** Seconds per run; under the 30 s cache lifetime so every request hits the cache. */
  durationSeconds?: number
  targetRate?: number
  connections?: number
  /** Cache in this Redis instead of in the server process. */
  redisUrl?: string
}

/** Starts `node apps/server/src/main.ts` and resolves with its URL once it listens. */
function startServerProcess(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the server did not start in 60 s:\n${output}`))
    }, 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /listening on (http:\/\/\S+)/.exec(output)
      if (listening?.[1]) {
        clearTimeout(timer)
        resolve({ url: listening[1], child })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}) before listening:\n${output}`))
    })
  })
}

async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

export async function measureCachedBalance(
  options: CachedBalanceOptions = {},
): Promise<CachedBalanceFigures> {
  const duration = Math.min(options.durationSeconds ?? 5, 20)
  const targetRate = options.targetRate ?? 1000
  const connections = options.connections ?? 10

  const devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-balance-'))
  let child: ChildProcess | undefined
  try {
    cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
    const balanceConfig = devnetBalanceConfig([1])
    const server = await startServerProcess({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: options.redisUrl ?? '',
      REDIS_KEY_PREFIX: `portico-bench:${process.pid}:`,
      LOG_LEVEL: 'error',
      PORTICO_CHAINS: JSON.stringify({ 1: devnet.chains[0]?.rpcUrl }),
      PORTICO_PRICE_SOURCES: JSON.stringify(balanceConfig.priceSources),
      PORTICO_TOKEN_LISTS: JSON.stringify(balanceConfig.tokenLists),
    })
    child = server.child
    const query = new URLSearchParams({
      projectId: DEV_PROJECT_ID,
      st: 'portico',
      sv: 'bench',
      currency: 'usd',
      chainId: 'eip155:1',
    })
    const url = `${server.url}/v1/account/${DEV_ACCOUNTS[0].address}/balance?${query}`

    /** Fills the cache (a read of the chain), so the run measures cached answers only. */
    const warm = async () => {
      const response = await fetch(url)
      if (!response.ok)
        throw new Error(`balance answered ${response.status}: ${await response.text()}`)
      return ((await response.json()) as { balances: unknown[] }).balances.length
    }
    const entries = await warm()
    // A short run first: lets the JIT and the connection pool settle.
    await autocannon({ url, connections, duration: 1 })

    await warm()
    const atRate = await autocannon({
      url,
      connections,
      duration,
      overallRate: targetRate,
      // autocannon's correction assumes a 1 ms interval whatever the rate (1/rate, in seconds,
      // rounded up), which turns every answer slower than 1 ms into a run of made-up ones.
      // Its rate limit sends each second's share in a burst, so raw latencies are, if
      // anything, pessimistic for a steady 1,000 requests/s.
      ignoreCoordinatedOmission: true,
      amount: targetRate * duration,
      timeout: 10,
    })
    await warm()
    const max = await autocannon({
      url,
      connections,
      duration,
      amount: 100_000 * duration,
      timeout: 10,
    })
    return {
      atRate: { ...loadFigures(atRate), targetRate },
      max: { ...loadFigures(max), connections },
      entries,
    }
  } finally {
    if (child) await stopServerProcess(child)
    await devnet.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
