// Runs only with REDIS_URL (vitest.config.ts selects *.redis.test.ts files).
// Runs when REDIS_URL is set: two relay instances, each on its own database, share new messages
// over Redis pub/sub, so a dapp on one and a wallet on the other complete a pairing and a request.
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import {
  actAsWallet,
  createSignClient,
  FIXED_SIGNATURE,
  pairAndApprove,
  personalSign,
  stopSignClient,
  type TestSignClient,
} from '../test/relay-clients'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, deliveredMessage } from '../test/relay-socket'
import { startTestServer, type TestServer } from '../test/test-server'

const redisUrl = process.env.REDIS_URL ?? ''

describe('two relay instances with Redis', () => {
  const servers: TestServer[] = []
  const clients: TestSignClient[] = []
  afterAll(async () => {
    await Promise.all(clients.map(stopSignClient))
    await Promise.all(servers.map((server) => server.stop()))
  })

  it('serve one pairing: dapp on one instance, wallet on the other', async () => {
    const redisKeyPrefix = `portico-test:${randomBytes(6).toString('hex')}:`
    for (let index = 0; index < 2; index++) {
      servers.push(await startTestServer({ config: { redisKeyPrefix } }))
    }
    const [one, two] = servers as [TestServer, TestServer]
    const dapp = await createSignClient(`${one.url.replace('http', 'ws')}/relay`, 'dapp')
    clients.push(dapp)
    const wallet = await createSignClient(`${two.url.replace('http', 'ws')}/relay`, 'wallet')
    clients.push(wallet)
    const walletActs = actAsWallet(wallet)
    const session = await pairAndApprove(dapp, wallet)
    expect(await personalSign(dapp, session.topic)).toBe(FIXED_SIGNATURE)
    expect(walletActs.requests).toEqual(['personal_sign'])
    await walletActs.settled()
    expect(walletActs.failures).toEqual([])
    const dappId = await dapp.core.crypto.getClientId()
    const walletId = await wallet.core.crypto.getClientId()
    expect(one.app.relay?.connectedClients()).toEqual([dappId])
    expect(two.app.relay?.connectedClients()).toEqual([walletId])
  })

  it('skips what another instance sends that is not a message, and goes on serving', async () => {
    const redisKeyPrefix = `portico-test:${randomBytes(6).toString('hex')}:`
    const server = await startTestServer({ config: { redisKeyPrefix } })
    servers.push(server)
    const topic = randomBytes(32).toString('hex')
    const wallet = await connectRaw(server, createRelayTestIdentity())
    await wallet.call(1, 'irn_subscribe', { topic })
    const now = Date.now()
    const good = {
      id: randomBytes(32).toString('hex'),
      topic,
      message: 'from the other instance',
      tag: 1108,
      publisher: 'did:key:other',
      publishedAt: now,
      expiresAt: now + 60_000,
    }
    const redis = new Redis(redisUrl)
    try {
      await redis.publish(
        `${redisKeyPrefix}relay:messages`,
        `other-instance ${JSON.stringify([null, 7, { ...good, topic: 5 }, good])}`,
      )
    } finally {
      redis.disconnect()
    }
    expect(deliveredMessage(await wallet.delivery())).toBe('from the other instance')
    // the hub holds nothing broken: a publish here still reaches the subscriber
    const dapp = await connectRaw(server, createRelayTestIdentity())
    expect((await dapp.call(1, 'irn_publish', { topic, message: 'local', ttl: 60 })).result).toBe(
      true,
    )
    expect(deliveredMessage(await wallet.delivery())).toBe('local')
    await Promise.all([wallet.close(), dapp.close()])
  })
})
