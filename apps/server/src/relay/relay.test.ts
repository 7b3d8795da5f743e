// The relay with the unmodified WalletConnect 2.25 SDKs in Node: pairing, approval, a request
// and its response, a dropped socket, a relay restart with messages waiting, and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import {
  actAsWallet,
  createSignClient,
  FIXED_SIGNATURE,
  pairAndApprove,
  personalSign,
  stopSignClient,
  type TestSignClient,
  type WalletActs,
} from '../test/relay-clients'
import { createRelayTestIdentity } from '../test/relay-identity'
import { startTestServer, type TestServer } from '../test/test-server'

const relayUrlOf = (server: TestServer) => `${server.url.replace('http', 'ws')}/relay`

/** The HTTP status a WebSocket upgrade at `url` gets (101 when it opens). */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.on('open', () => {
      socket.close()
      resolve(101)
    })
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.on('error', (error) => {
      if (!socket.readyState) reject(error)
    })
  })
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('relay with the WalletConnect SDKs', () => {
  let server: TestServer
  let dapp: TestSignClient
  let wallet: TestSignClient
  let wallet2: TestSignClient | undefined
  let walletActs: WalletActs
  let topic: string

  beforeAll(async () => {
    server = await startTestServer()
    dapp = await createSignClient(relayUrlOf(server), 'dapp')
    wallet = await createSignClient(relayUrlOf(server), 'wallet')
    walletActs = actAsWallet(wallet)
  })
  afterAll(async () => {
    await walletActs?.settled()
    expect(walletActs?.failures).toEqual([])
    await Promise.all([stopSignClient(dapp), stopSignClient(wallet), stopSignClient(wallet2)])
    await server?.stop()
  })

  it('pairs a dapp and a wallet and settles the approved session', async () => {
    const session = await pairAndApprove(dapp, wallet)
    topic = session.topic
    expect(session.namespaces.eip155?.accounts).toEqual([
      'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    ])
    expect(wallet.session.keys).toContain(topic)
  })

  it('carries a request to the wallet and its response back', async () => {
    expect(await personalSign(dapp, topic)).toBe(FIXED_SIGNATURE)
    expect(walletActs.requests).toEqual(['personal_sign'])
  })

  it('serves a client again after its socket is dropped (it resubscribes on reconnect)', async () => {
    const walletId = await wallet.core.crypto.getClientId()
    const relay = server.app.relay
    if (!relay) throw new Error('relay is off')
    // Dropped when idle: a publish whose answer is lost with the socket is retried by the SDK
    // only 15 s or more later, and the wallet answers nothing else meanwhile.
    await walletActs.settled()
    relay.dropClient(walletId)
    await until(() => !wallet.core.relayer.connected)
    await until(() => relay.connectedClients().includes(walletId))
    await until(() => relay.hub.isSubscribed(walletId, topic))
    expect(await personalSign(dapp, topic)).toBe(FIXED_SIGNATURE)
    expect(walletActs.requests).toHaveLength(2)
  })

  it('keeps a message for an offline wallet across a relay restart and delivers it once', async () => {
    const walletId = await wallet.core.crypto.getClientId()
    const waiting = async () =>
      (
        await server.app.portico.db.query(
          `SELECT m.id FROM relay_messages m WHERE m.topic = $1 AND m.publisher <> $2
           AND NOT EXISTS (SELECT 1 FROM relay_acks a WHERE m.id = ANY(a.message_ids) AND a.client_id = $2)`,
          [topic, walletId],
        )
      ).rowCount
    // The wallet is idle: it has acked all it was sent and has its answers to its publishes.
    await until(async () => (await waiting()) === 0)
    await walletActs.settled()
    await wallet.core.relayer.transportClose()
    // The relay answers a publish once the message is stored: wait for that answer, not for a
    // row count (a count taken after the publish landed would never change).
    const accepted = new Promise<void>((resolve) => {
      const onPublish = (request: { params?: { topic?: string } }) => {
        if (request.params?.topic !== topic) return
        dapp.core.relayer.off('relayer_publish', onPublish)
        resolve()
      }
      dapp.core.relayer.on('relayer_publish', onPublish)
    })
    const answer = personalSign(dapp, topic)
    await accepted
    expect(await waiting()).toBe(1)
    const port = new URL(server.url).port
    await server.close()
    const restarted = await startTestServer({
      database: server.database,
      config: { port: Number(port) },
    })
    const first = server
    server = {
      ...restarted,
      stop: async () => {
        await restarted.close()
        await first.database.drop()
      },
    }
    expect(await waiting()).toBe(1)
    await wallet.core.relayer.transportOpen()
    expect(await answer).toBe(FIXED_SIGNATURE)
    expect(walletActs.requests).toHaveLength(3)
    // acknowledged: a later subscribe of the wallet gets nothing again
    await until(async () => (await waiting()) === 0)
  })

  it('refuses a forged or expired JWT with 401 and an unknown project with 403', async () => {
    const base = `${relayUrlOf(server)}?ua=test`
    const alice = createRelayTestIdentity()
    const mallory = createRelayTestIdentity()
    const valid = alice.jwt()
    expect(await upgradeStatus(`${base}&projectId=${DEV_PROJECT_ID}&auth=${valid}`)).toBe(101)
    // mallory's signature over a token naming alice as its issuer
    const [header, payload] = valid.split('.')
    const forged = `${header}.${payload}.${mallory.jwt().split('.')[2]}`
    expect(await upgradeStatus(`${base}&projectId=${DEV_PROJECT_ID}&auth=${forged}`)).toBe(401)
    const expired = alice.jwt({ ttlSeconds: -10 })
    expect(await upgradeStatus(`${base}&projectId=${DEV_PROJECT_ID}&auth=${expired}`)).toBe(401)
    expect(await upgradeStatus(`${base}&projectId=${DEV_PROJECT_ID}`)).toBe(401)
    expect(await upgradeStatus(`${base}&projectId=${'0'.repeat(32)}&auth=${valid}`)).toBe(403)
  })
})
