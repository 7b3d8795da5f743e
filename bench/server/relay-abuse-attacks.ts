// The hostile clients of the relay abuse bench, each a loop that runs until the bench stops it,
// waiting for the relay's answer before its next attempt (so "as fast as the relay allows", and
// never faster than the relay can refuse). All connect from their own loopback address, another
// client IP to the relay's per-IP limits than the valid clients' 127.0.0.1.
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { createRelayTestIdentity } from '@portico/server/testing'
import WebSocket from 'ws'
import { call } from './relay-socket'

export interface HostileSettings {
  /** The relay's URL with the project id, without `auth`. */
  relayUrl: string
  /** The hostile clients' source address (another loopback address). */
  localAddress: string
  /** The valid pairs' topics: each slow reader subscribes to a share of them. */
  busyTopics: readonly string[]
  /** Topics the key-churning clients publish to; every slow reader subscribes to all of them. */
  floodTopics: readonly string[]
  /** Upgrades with an oversized JWT in flight at once. */
  jwtConnections: number
  /**
   * Oversized-JWT upgrades offered a second, all loops together. The relay refuses them (no
   * limit of its own on how often), so unpaced they would measure how much CPU this machine
   * can take from the relay, not the relay.
   */
  jwtPerSecond: number
  /** Characters of each oversized JWT: near Node's 16 KB header limit, so the relay sees it. */
  jwtChars: number
  slowReaders: number
  /** Valid topics each slow reader subscribes to (besides every flood topic). */
  slowReaderBusyTopics: number
  /** How long a slow reader holds its socket without reading before it takes a new key. */
  slowReaderHoldMs: number
  churners: number
  /** Publishes each churning client keeps unanswered at once. */
  churnWindow: number
  /** Publishes per key before the next key, unless refused sooner: the relay's per-key limit. */
  publishesPerKey: number
  /** Characters of each flood message. */
  floodChars: number
}

/** How often each outcome happened, e.g. { "HTTP 401": 120, "close 1006": 3 }. */
export type Outcomes = Record<string, number>

export interface HostileCounts {
  oversizedJwt: { attempts: number; outcomes: Outcomes }
  slowReaders: {
    connections: number
    /**
     * Milliseconds all slow readers together spent subscribed and not reading: over the phase's
     * time, how many held a socket at once (the attack as achieved, against `slowReaders`).
     */
    heldMs: number
    /** Upgrades and subscribes the relay refused. */
    refused: Outcomes
    /** How each connection ended: closed by the relay (with its code) or still open. */
    ends: Outcomes
  }
  churn: {
    /** Connections, each with a key of its own. */
    keys: number
    refusedUpgrades: Outcomes
    published: number
    accepted: number
    /** Publishes refused, by JSON-RPC error code; "unanswered" if the socket closed first. */
    refused: Outcomes
  }
}

export function emptyCounts(): HostileCounts {
  return {
    oversizedJwt: { attempts: 0, outcomes: {} },
    slowReaders: { connections: 0, heldMs: 0, refused: {}, ends: {} },
    churn: { keys: 0, refusedUpgrades: {}, published: 0, accepted: 0, refused: {} },
  }
}

export interface HostileContext {
  settings: HostileSettings
  counts: HostileCounts
  stopped(): boolean
  /** Resolves after `ms`, or as soon as the bench stops the attacks. */
  wait(ms: number): Promise<void>
  /** Kept so the bench's stop ends it. */
  track(socket: WebSocket): void
}

/** The pause after a refused upgrade. */
const REFUSED_PAUSE_MS = 20
/** How long a slow reader reads at the end, to learn whether and how the relay closed it. */
const CLOSE_READ_MS = 250

const tally = (outcomes: Outcomes, outcome: string, times = 1) => {
  outcomes[outcome] = (outcomes[outcome] ?? 0) + times
}

type Upgrade = { socket: WebSocket } | { refusal: string }

/** Opens a relay socket with `auth`; a refusal answers the HTTP status (or the socket error). */
function upgrade(context: HostileContext, auth: string): Promise<Upgrade> {
  const { relayUrl, localAddress } = context.settings
  return new Promise((resolve) => {
    const socket = new WebSocket(`${relayUrl}&auth=${auth}`, {
      perMessageDeflate: false,
      localAddress,
    })
    context.track(socket)
    socket.once('open', () => resolve({ socket }))
    socket.once('unexpected-response', (_request, response) => {
      resolve({ refusal: `HTTP ${response.statusCode}` })
      socket.terminate()
    })
    // More than one may come (terminate while connecting is one): all are outcomes, not crashes.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ refusal: `error ${error.code ?? error.message}` })
    })
  })
}

/**
 * A socket with a key made for it; undefined, with the refusal counted in `refusals`, when the
 * relay refuses the upgrade (after a short pause, so that a refused loop does not spin).
 */
async function freshKeySocket(
  context: HostileContext,
  refusals: Outcomes,
): Promise<WebSocket | undefined> {
  const opened = await upgrade(context, createRelayTestIdentity().jwt())
  if ('socket' in opened) return opened.socket
  tally(refusals, opened.refusal)
  await context.wait(REFUSED_PAUSE_MS)
  return undefined
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * A JWT of about `chars` characters whose `iss` is a did:key as long as the rest allows: a relay
 * that decodes before it checks the size turns each of its base58 characters into a step of
 * big-number arithmetic (quadratic in the length) before it finds the key is no key.
 */
export function oversizedJwt(chars: number): string {
  const header = base64url({ alg: 'EdDSA', typ: 'JWT' })
  const signature = randomBytes(64).toString('base64url')
  const iat = Math.floor(Date.now() / 1000)
  const claims = (issChars: number) => ({
    iss: `did:key:z${Array.from({ length: issChars }, (_, i) => BASE58_ALPHABET[(i * 31) % 58]).join('')}`,
    aud: 'ws://127.0.0.1',
    iat,
    exp: iat + 86_400,
  })
  // base64 makes 4 characters of 3 bytes; the claims other than iss are a hundred or so.
  const issChars = Math.floor(((chars - header.length - signature.length - 2) * 3) / 4) - 120
  return `${header}.${base64url(claims(issChars))}.${signature}`
}

/** (a) Upgrades carrying an oversized JWT, one after another, at this loop's share of the rate. */
export async function oversizedJwtUpgrades(context: HostileContext): Promise<void> {
  const { counts, settings } = context
  const jwt = oversizedJwt(settings.jwtChars)
  const intervalMs = (1_000 * settings.jwtConnections) / settings.jwtPerSecond
  let due = performance.now()
  while (!context.stopped()) {
    // Behind schedule (a slow answer), the next goes at once: at most the rate, never more.
    await context.wait(due - performance.now())
    if (context.stopped()) return
    due += intervalMs
    counts.oversizedJwt.attempts += 1
    const result = await upgrade(context, jwt)
    if ('socket' in result) {
      tally(counts.oversizedJwt.outcomes, 'accepted (!)')
      result.socket.terminate()
    } else {
      tally(counts.oversizedJwt.outcomes, result.refusal)
    }
  }
}

/**
 * (b) A socket that subscribes to busy topics and stops reading (the TCP stream is paused, so
 * the relay's writes pile up: first in the kernel's buffers, then wherever the relay keeps
 * them). After the hold it reads briefly to learn how the relay ended it, and starts again with
 * a new key, as a client the relay closed would.
 */
export async function slowReader(context: HostileContext, index: number): Promise<void> {
  const { counts, settings } = context
  const share = settings.slowReaderBusyTopics
  const from = (index * share) % Math.max(1, settings.busyTopics.length)
  const topics = [...settings.floodTopics, ...settings.busyTopics.slice(from, from + share)]
  while (!context.stopped()) {
    const socket = await freshKeySocket(context, counts.slowReaders.refused)
    if (!socket) continue
    counts.slowReaders.connections += 1
    let closeCode: number | undefined
    const closed = new Promise<void>((resolve) =>
      socket.once('close', (code: number) => {
        closeCode = code
        resolve()
      }),
    )
    const answer = await call(socket, `slow${index}`, 'irn_batchSubscribe', { topics }).catch(
      () => undefined,
    )
    if (!answer || answer.error) {
      tally(counts.slowReaders.refused, `subscribe ${answer?.error?.code ?? 'unanswered'}`)
      socket.terminate()
      continue
    }
    socket.pause()
    const holding = performance.now()
    await Promise.race([context.wait(settings.slowReaderHoldMs), closed])
    counts.slowReaders.heldMs += performance.now() - holding
    socket.resume()
    await Promise.race([context.wait(CLOSE_READ_MS), closed])
    tally(counts.slowReaders.ends, closeCode === undefined ? 'still open' : `close ${closeCode}`)
    socket.terminate()
  }
}

/**
 * (c) Publishes to the flood topics with a new key per connection, `churnWindow` unanswered at
 * a time, until the relay refuses one or the key has made `publishesPerKey`; then the next key
 * (fresh keys are free, so no key ever reaches its own limit).
 */
export async function keyChurningPublisher(context: HostileContext, index: number): Promise<void> {
  const { counts, settings } = context
  const padding = 'A'.repeat(settings.floodChars)
  let sequence = 0
  while (!context.stopped()) {
    const socket = await freshKeySocket(context, counts.churn.refusedUpgrades)
    if (!socket) continue
    counts.churn.keys += 1
    await new Promise<void>((resolve) => {
      let inFlight = 0
      let published = 0
      let refused = false
      const done = () => refused || published >= settings.publishesPerKey || context.stopped()
      const publish = () => {
        published += 1
        sequence += 1
        inFlight += 1
        counts.churn.published += 1
        const topic = settings.floodTopics[sequence % settings.floodTopics.length]
        // Numeric ids as the SDKs send; each message distinct, so none is a repeat to drop.
        socket.send(
          `{"id":${index * 1e9 + sequence},"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${topic}","message":"${index}-${sequence}${padding}","ttl":300,"tag":1108}}`,
        )
      }
      const settle = () => {
        if (inFlight === 0 && done()) resolve()
      }
      socket.on('message', (data: Buffer) => {
        const answer = JSON.parse(data.toString()) as { error?: { code: number } }
        inFlight -= 1
        if (answer.error) {
          refused = true
          tally(counts.churn.refused, String(answer.error.code))
        } else {
          counts.churn.accepted += 1
        }
        if (!done()) publish()
        settle()
      })
      socket.once('close', () => {
        if (inFlight > 0) tally(counts.churn.refused, 'unanswered', inFlight)
        inFlight = 0
        refused = true
        settle()
      })
      while (inFlight < settings.churnWindow && !done()) publish()
    })
    socket.terminate()
  }
}
