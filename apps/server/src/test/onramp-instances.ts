// Onramp servers as real processes (test/server-process) that a test can SIGKILL and start again:
// one devnet behind a send gate, one fresh database, and the treasury key, shared by every
// process the file starts. Used by the restart and the two-instance payout tests.
import { randomBytes } from 'node:crypto'
import { DEVNET_CONTRACTS, type Devnet, startDevnet } from '@portico/devnet'
import { Redis } from 'ioredis'
import { afterAll, beforeAll } from 'vitest'
import { createFreshDatabase, type FreshDatabase } from './fresh-database'
import { type OnrampClient, onrampClient } from './onramp-checkout-client'
import { ONRAMP_TREASURY } from './onramp-server'
import { type SendGate, startSendGate } from './send-gate'
import { type ServerProcess, startServerProcess } from './server-process'
import { testEnv } from './test-server'

/** Start-up on a machine loaded by other test files can be slow. */
export const INSTANCE_WAIT_MS = 60_000

export interface OnrampInstance {
  server: ServerProcess
  url: string
  client: OnrampClient
}

export interface OnrampInstances {
  /** The chain itself, behind the gate the servers use. */
  readonly rpcUrl: string
  readonly gate: SendGate
  /** The processes started and not yet exited. */
  readonly running: ReadonlySet<ServerProcess>
  /** One process on the shared database and the chain behind the gate; resolves once it listens. */
  start(): Promise<OnrampInstance>
  until(check: () => Promise<boolean>, what: string): Promise<void>
}

/**
 * Registers the file's hooks; read the fields inside tests, once beforeAll has run. With
 * `redis: 'shared'` every process uses one Redis key prefix, as instances of one deployment do;
 * with 'per-process' each gets its own, so a restarted server inherits nothing from Redis.
 */
export function useOnrampInstances(options: { redis: 'shared' | 'per-process' }): OnrampInstances {
  let devnet: Devnet | undefined
  let database: FreshDatabase | undefined
  let gate: SendGate | undefined
  let rpcUrl = ''
  const running = new Set<ServerProcess>()
  const sharedPrefix = `portico-test:${randomBytes(6).toString('hex')}:`
  const prefixes = new Set<string>()

  beforeAll(async () => {
    ;[devnet, database] = await Promise.all([
      startDevnet({ chains: [{ chainId: 1, port: 0 }] }),
      createFreshDatabase(),
    ])
    rpcUrl = devnet.chains[0]?.rpcUrl as string
    gate = await startSendGate(rpcUrl)
  }, INSTANCE_WAIT_MS)

  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL')
    await Promise.all([...running].map((server) => server.exited))
    if (process.env.REDIS_URL) {
      const redis = new Redis(process.env.REDIS_URL)
      for (const prefix of prefixes) {
        const keys = await redis.keys(`${prefix}*`)
        if (keys.length > 0) await redis.del(...keys)
      }
      redis.disconnect()
    }
    await Promise.all([devnet?.stop(), database?.drop(), gate?.close()])
  })

  const started = () => {
    if (!database || !gate) throw new Error('the onramp instances start in beforeAll')
    return { database, gate }
  }

  return {
    get rpcUrl() {
      started()
      return rpcUrl
    },
    get gate() {
      return started().gate
    },
    running,
    async start() {
      const { database, gate } = started()
      const prefix =
        options.redis === 'shared'
          ? sharedPrefix
          : `portico-test:${randomBytes(6).toString('hex')}:`
      prefixes.add(prefix)
      const server = startServerProcess(
        {
          ...testEnv(database, prefix),
          PORT: '0',
          LOG_LEVEL: 'info',
          PORTICO_CHAINS: JSON.stringify({ 1: gate.url }),
          PORTICO_PRICE_SOURCES: JSON.stringify({
            1: {
              kind: 'uniswap-v2',
              factory: DEVNET_CONTRACTS.uniswapV2Factory,
              usdCoin: DEVNET_CONTRACTS.usdc,
              wrappedNative: DEVNET_CONTRACTS.weth,
            },
          }),
          PORTICO_ONRAMP_SANDBOX: '1',
          PORTICO_ONRAMP_TREASURY_KEY: ONRAMP_TREASURY.privateKey,
        },
        { built: true },
      )
      running.add(server)
      server.exited.then(() => running.delete(server))
      const url = await Promise.race([
        server.url,
        server.exited.then(() => {
          throw new Error(`an instance exited at start: ${server.stderr().slice(-2000)}`)
        }),
      ])
      return { server, url, client: onrampClient(() => url) }
    },
    async until(check, what) {
      const deadline = Date.now() + INSTANCE_WAIT_MS
      while (Date.now() < deadline) {
        if (await check()) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`timed out waiting for ${what}`)
    },
  }
}
