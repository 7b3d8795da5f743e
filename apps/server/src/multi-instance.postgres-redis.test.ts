// Several instances on one PostgreSQL and one Redis: two real server processes share a fresh
// database and a Redis key prefix of their own, and a round-robin client sends each request to
// the other instance in turn, as a load balancer would. Runs only with both DATABASE_URL and
// REDIS_URL (vitest.config.ts selects *.postgres-redis.test.ts files).
import { randomBytes } from 'node:crypto'
import { DEV_ACCOUNTS } from '@portico/devnet'
import type { HistoryPage } from '@portico/protocol/history'
import { Redis } from 'ioredis'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from './projects/dev-project'
import { CHAIN_ID, useLeadershipChain } from './test/leadership-chain'
import {
  actAsWallet,
  createSignClient,
  FIXED_SIGNATURE,
  pairAndApprove,
  personalSign,
  stopSignClient,
  type TestSignClient,
} from './test/relay-clients'
import { createRelayTestIdentity } from './test/relay-identity'
import { connectRaw, deliveredMessage } from './test/relay-socket'
import { type ServerProcess, startServerProcess } from './test/server-process'
import { ORIGIN, signInTestClient } from './test/sign-in-client'
import { type TestServer, testEnv } from './test/test-server'

/** Start-up on a machine loaded by other test files can be slow. */
const WAIT_MS = 45_000
const TRANSFERS = 3

const chain = useLeadershipChain()
const redisKeyPrefix = `portico-test:${randomBytes(6).toString('hex')}:`
const processes: ServerProcess[] = []
let urls: [string, string]
let redis: Redis

/** Sends each call to the next instance in turn and records which one served it. */
function roundRobin(targets: readonly string[]) {
  let turn = 0
  const served: number[] = []
  return {
    served,
    next(): string {
      const index = turn++ % targets.length
      served.push(index)
      return targets[index] as string
    },
  }
}

function startInstance(): ServerProcess {
  return startServerProcess(
    {
      ...testEnv(chain.fresh, redisKeyPrefix),
      PORT: '0',
      LOG_LEVEL: 'info',
      PORTICO_CHAINS: JSON.stringify({ [CHAIN_ID]: chain.anvil.rpcUrl }),
      // Both run the indexer; only the holder of the chain's advisory lock follows it.
      PORTICO_INDEXER: '1',
      PORTICO_INDEXER_POLL_MS: '20',
    },
    { built: true },
  )
}

async function listening(instance: ServerProcess): Promise<string> {
  return Promise.race([
    instance.url,
    instance.exited.then(() => {
      throw new Error(`an instance exited at start: ${instance.stderr().slice(-2000)}`)
    }),
    new Promise<string>((_, reject) =>
      setTimeout(() => reject(new Error(`no instance listening in ${WAIT_MS} ms`)), WAIT_MS),
    ),
  ])
}

beforeAll(async () => {
  redis = new Redis(process.env.REDIS_URL as string)
  processes.push(startInstance(), startInstance())
  urls = (await Promise.all(processes.map(listening))) as [string, string]
  expect(urls[0]).not.toBe(urls[1])
}, 2 * WAIT_MS)

afterAll(async () => {
  await Promise.all(
    processes.map(async (instance) => {
      if (instance.child.exitCode !== null || instance.child.signalCode !== null) return
      instance.child.kill('SIGTERM')
      await instance.exited
    }),
  )
  if (redis) {
    const keys = await redis.keys(`${redisKeyPrefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    redis.disconnect()
  }
})

const signer = privateKeyToAccount(`0x${'ab'.repeat(32)}`)
const clock = { now: Date.now() }

interface ErrorBody {
  error: { code: string; message: string }
}

describe('two server processes on one PostgreSQL and one Redis', () => {
  it('signs in with a nonce from one instance, authenticated on the other, read on the first; a replay is refused', async () => {
    const balancer = roundRobin(urls)
    const client = signInTestClient(() => ({ url: balancer.next() }) as TestServer, clock, signer)
    clock.now = Date.now()
    const nonce = await client.newNonce() // instance 0
    const message = client.siweMessage(nonce, { chainId: CHAIN_ID })
    const body = { message, signature: await signer.signMessage({ message }) }
    const signedIn = await client.authenticate(body) // instance 1
    const answer = await signedIn.json()
    expect({ status: signedIn.status, answer }).toEqual({ status: 200, answer: expect.anything() })
    const { token, session } = answer as { token: string; session: unknown }
    const me = await fetch(client.url('/auth/v1/me'), {
      headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
    }) // instance 0
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual(session)
    const replay = await client.authenticate(body) // instance 1, as the sign-in
    const replayAgain = await client.authenticate(body) // instance 0, which made the nonce
    for (const refused of [replay, replayAgain]) {
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as ErrorBody).error.code).toBe('NONCE_USED')
    }
    expect(balancer.served).toEqual([0, 1, 0, 1, 0])
  })

  it('counts the sign-in limit per client across both instances', async () => {
    // A fixed window of a minute: start with enough of it left that it cannot roll over.
    const windowLeft = 60_000 - (Date.now() % 60_000)
    if (windowLeft < 8_000) await new Promise((resolve) => setTimeout(resolve, windowLeft + 50))
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000
    // The count both instances add to (the limiter's key for this window, any client address).
    const counter = async () => {
      const keys = await redis.keys(
        `${redisKeyPrefix}ratelimit:auth-authenticate:${DEV_PROJECT_ID}:*:${windowStart}`,
      )
      expect(keys.length).toBeLessThanOrEqual(1)
      return keys[0] ? Number(await redis.get(keys[0])) : 0
    }
    const before = await counter()
    const balancer = roundRobin(urls)
    const client = signInTestClient(() => ({ url: balancer.next() }) as TestServer, clock, signer)
    // Well-formed but for an unknown nonce: refused after the limit is counted.
    clock.now = Date.now()
    const message = client.siweMessage('a'.repeat(16), { chainId: CHAIN_ID })
    const body = { message, signature: `0x${'11'.repeat(65)}` }
    const statuses: number[] = []
    for (let attempt = 0; attempt < 40; attempt++) {
      const answer = await client.authenticate(body)
      statuses.push(answer.status)
      if (answer.status === 429) {
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(((await answer.json()) as ErrorBody).error.code).toBe('RATE_LIMITED')
        break
      }
      await answer.body?.cancel()
    }
    const allowed = statuses.filter((status) => status !== 429).length
    // 30 a minute per project and address, counted once over both instances: each one alone
    // let through about half, far under its limit.
    expect(before + allowed).toBe(30)
    expect(statuses.at(-1)).toBe(429)
    const perInstance = [0, 1].map(
      (index) => balancer.served.slice(0, allowed).filter((served) => served === index).length,
    )
    for (const count of perInstance) expect(count).toBeLessThan(30)
    // the other instance refuses too
    expect((await client.authenticate(body)).status).toBe(429)
    expect(await counter()).toBe(32)
  })

  it('delivers a message published on one instance to a subscriber on the other', async () => {
    const [one, two] = urls
    const topic = randomBytes(32).toString('hex')
    const subscriber = await connectRaw({ url: one } as TestServer, createRelayTestIdentity())
    const publisher = await connectRaw({ url: two } as TestServer, createRelayTestIdentity())
    try {
      expect((await subscriber.call(1, 'irn_subscribe', { topic })).result).toEqual(
        expect.any(String),
      )
      const published = await publisher.call(2, 'irn_publish', {
        topic,
        message: 'across instances',
        ttl: 300,
        tag: 1108,
      })
      expect(published.result).toBe(true)
      expect(deliveredMessage(await subscriber.delivery())).toBe('across instances')
    } finally {
      await Promise.all([subscriber.close(), publisher.close()])
    }
  })

  it('serves one WalletConnect pairing: the dapp on one instance, the wallet on the other', async () => {
    const [one, two] = urls.map((url) => `${url.replace('http', 'ws')}/relay`) as [string, string]
    let dapp: TestSignClient | undefined
    let wallet: TestSignClient | undefined
    try {
      dapp = await createSignClient(one, 'dapp')
      wallet = await createSignClient(two, 'wallet')
      const walletActs = actAsWallet(wallet)
      const session = await pairAndApprove(dapp, wallet)
      expect(await personalSign(dapp, session.topic)).toBe(FIXED_SIGNATURE)
      expect(walletActs.requests).toEqual(['personal_sign'])
      await walletActs.settled()
      expect(walletActs.failures).toEqual([])
    } finally {
      await Promise.all([stopSignClient(dapp), stopSignClient(wallet)])
    }
  })

  it('answers the same history on both instances, and a cursor from one pages on the other', async () => {
    await chain.sendTransfers(TRANSFERS)
    // account 1 received transfer 0 and sent transfer 1
    const account = (DEV_ACCOUNTS[1] as { address: string }).address
    const historyUrl = (base: string, query: Record<string, string> = {}) =>
      `${base}/v1/account/${account}/history?${new URLSearchParams({ projectId: DEV_PROJECT_ID, ...query })}`
    const read = async (base: string, query?: Record<string, string>) => {
      const response = await fetch(historyUrl(base, query), { headers: { origin: ORIGIN } })
      expect(response.status).toBe(200)
      return (await response.json()) as HistoryPage
    }
    await expect.poll(async () => (await read(urls[0])).data.length, { timeout: 20_000 }).toBe(2)
    const [whole0, whole1] = [await read(urls[0]), await read(urls[1])]
    // Icon URLs carry the asking request's origin: behind one balancer both instances see the
    // same, here each its own port, so compare with the origin taken out.
    const sameOrigin = (page: HistoryPage, base: string) =>
      JSON.parse(JSON.stringify(page).replaceAll(base, 'ORIGIN')) as HistoryPage
    expect(sameOrigin(whole1, urls[1])).toEqual(sameOrigin(whole0, urls[0]))
    expect(whole0.data).toHaveLength(2)
    const balancer = roundRobin(urls)
    const firstAt = balancer.next()
    const first = await read(firstAt, { limit: '1' })
    expect(first.next).toEqual(expect.any(String))
    const secondAt = balancer.next()
    const second = await read(secondAt, { limit: '1', cursor: first.next as string })
    expect([sameOrigin(first, firstAt).data, sameOrigin(second, secondAt).data].flat()).toEqual(
      sameOrigin(whole0, urls[0]).data,
    )
    expect(second.next).toBeNull()
    expect(balancer.served).toEqual([0, 1])
  })
})
