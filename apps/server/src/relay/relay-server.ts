// The relay endpoint on the server's own HTTP listener: upgrades at `config.path` after checking
// the address's rate of upgrade attempts (429, before anything of the request is read; an address
// refused past `rateRefusalsPerAddressPerSecond` in a second has its new connections closed
// unread for the rest of it, relay-connection-guard.ts), the raw lengths of the `auth` JWT (401)
// and of the request target (414) before the URL is parsed, its open sockets (429), the JWT
// itself (401), the `projectId` (403) and the Origin against the project's allowed origins with
// the HTTP routes' own check (projects/project-guard.ts: 403; a request without one, a native
// wallet, passes), pings every socket
// (a share at a time), prunes the mailbox, and with Redis shares new messages with the other
// instances.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { type WebSocket, WebSocketServer } from 'ws'
import { InvalidKeyError } from '../errors'
import { admitProject } from '../projects/project-guard'
import type { ServerContext } from '../server-context'
import { type RelayAddress, RelayAddresses } from './relay-addresses'
import { FRAME_OVERHEAD_BYTES, type RelayConfig } from './relay-config'
import { guardConnections } from './relay-connection-guard'
import { RelayFanout } from './relay-fanout'
import { RelayHub } from './relay-hub'
import { JWT_TOO_LONG, MAX_JWT_CHARS, RelayAuthError, verifyRelayJwt } from './relay-jwt'
import { RelayMailbox } from './relay-mailbox'
import { PingWheel } from './relay-ping-wheel'
import { RelaySocket } from './relay-socket'
import { MAX_UPGRADE_TARGET_CHARS, plainQueryValueChars } from './relay-upgrade-target'

/** How often expired mailbox messages are dropped. */
const MAILBOX_PRUNE_INTERVAL_MS = 60_000
/** How often addresses with nothing left to count are forgotten. */
const ADDRESS_SWEEP_INTERVAL_MS = 10_000
/** Turns of the ping wheel per ping interval: at 20 s, a share of the sockets every 250 ms. */
const PING_SLOTS = 80

/** How long a socket told the server is closing has to answer the close before it is cut. */
const SHUTDOWN_CLOSE_GRACE_MS = 1_000

/** The server is closing (SIGTERM): 1001 Going Away; the client reconnects, elsewhere if it can. */
export const RELAY_SHUTDOWN_CLOSE = { code: 1001, reason: 'Server shutting down' } as const

function closeForShutdown(ws: WebSocket): void {
  ws.close(RELAY_SHUTDOWN_CLOSE.code, RELAY_SHUTDOWN_CLOSE.reason)
  setTimeout(() => ws.terminate(), SHUTDOWN_CLOSE_GRACE_MS).unref()
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  414: 'URI Too Long',
  429: 'Too Many Requests',
}

function refusal(status: number, reason: string): string {
  const body = JSON.stringify({ error: { code: status, message: reason } })
  return (
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
}

/** Answers and closes; a client that never closes its side does not keep the socket. */
function sendRefusal(socket: Duplex, response: string | Buffer): void {
  socket.end(response, () => socket.destroy())
}

/**
 * Refusals as they go on the wire, made once each: every reason is a fixed text (ours or a
 * RelayAuthError's), so a stream of refused upgrades builds no string and no JSON per attempt.
 * Capped all the same, should a reason ever carry what a client sent.
 */
const REFUSALS = new Map<string, Buffer>()
const TARGET_TOO_LONG = `URL longer than ${MAX_UPGRADE_TARGET_CHARS} characters`
const MAX_KEPT_REFUSALS = 64

function refuse(socket: Duplex, status: number, reason: string): void {
  const key = `${status} ${reason}`
  let response = REFUSALS.get(key)
  if (!response) {
    response = Buffer.from(refusal(status, reason))
    if (REFUSALS.size < MAX_KEPT_REFUSALS) REFUSALS.set(key, response)
  }
  sendRefusal(socket, response)
}

/** Made once: an address over its rate is refused at the cost of one write. */
const TOO_MANY_UPGRADES = Buffer.from(
  refusal(429, 'Too many connection attempts from this address'),
)

declare module 'fastify' {
  interface FastifyInstance {
    /** The relay endpoint, when the relay is enabled (tests drop sockets through it). */
    relay?: RelayEndpoint
  }
}

export interface RelayEndpoint {
  hub: RelayHub
  /** Client ids with an open socket (not one closing), one entry per socket. */
  connectedClients(): string[]
  /** Closes a client's sockets from the server side (as a network drop would). */
  dropClient(clientId: string): void
  close(): Promise<void>
}

export async function attachRelay(
  app: FastifyInstance,
  context: ServerContext,
  config: RelayConfig,
): Promise<RelayEndpoint> {
  const log = app.log.child({ module: 'relay' })
  const onError = (error: unknown) => log.error({ err: error }, 'relay error')
  const mailbox = new RelayMailbox(context.db, onError)
  const fanout = context.redis
    ? new RelayFanout(context.redis, context.config.redisKeyPrefix)
    : undefined
  const hub = new RelayHub({
    mailbox,
    clock: context.clock,
    maxTtlSeconds: config.limits.maxTtlSeconds,
    pushChars: config.limits.deliveryPauseBytes,
    fanout,
  })
  await fanout?.start((message) => {
    // Instances on separate databases each keep a copy (on a shared one this is a no-op).
    hub.accept(message).catch(onError)
  })
  const wss = new WebSocketServer({
    noServer: true,
    // ws then writes every frame at once, in order with ours (relay-text-frame.ts).
    perMessageDeflate: false,
    maxPayload: config.limits.maxMessageChars + FRAME_OVERHEAD_BYTES,
  })
  const sockets = new Set<RelaySocket>()
  const addresses = new RelayAddresses(config.limits, context.clock)
  const unguardConnections = guardConnections(app.server, (remoteAddress) =>
    addresses.isFlooding(remoteAddress),
  )
  const pings = new PingWheel<RelaySocket>(PING_SLOTS, (peer) => {
    const ws = peer.options.socket
    if (!peer.alive) {
      ws.terminate()
      return
    }
    peer.alive = false
    ws.ping()
  })

  async function onUpgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    address: RelayAddress,
  ) {
    const target = request.url ?? '/'
    // By their raw lengths, before the URL and its query are parsed (relay-upgrade-target.ts).
    if ((plainQueryValueChars(target, 'auth') ?? 0) > MAX_JWT_CHARS) {
      return refuse(socket, 401, JWT_TOO_LONG)
    }
    if (target.length > MAX_UPGRADE_TARGET_CHARS) {
      return refuse(socket, 414, TARGET_TOO_LONG)
    }
    let url: URL
    try {
      url = new URL(target, 'http://relay.local')
    } catch {
      return refuse(socket, 400, 'Bad request')
    }
    if (url.pathname !== config.path) return refuse(socket, 404, 'Not found')
    // Counted from here to the connection's end, whatever ends it (a refusal, a failed handshake).
    if (!addresses.open(address))
      return refuse(socket, 429, 'Too many connections from this address')
    socket.once('close', () => addresses.close(address))
    let clientId: string
    try {
      clientId = verifyRelayJwt(url.searchParams.get('auth') ?? '', Date.now()).iss
    } catch (error) {
      if (error instanceof RelayAuthError) return refuse(socket, 401, error.message)
      throw error
    }
    // The HTTP routes' project guard decides; the relay words an unknown project its own way.
    const { refusal } = await admitProject(
      context.projectDirectory,
      url.searchParams.get('projectId') ?? '',
      request.headers.origin,
    )
    if (refusal) {
      const reason = refusal instanceof InvalidKeyError ? 'Unknown projectId' : refusal.message
      return refuse(socket, 403, reason)
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const peer = new RelaySocket({
        socket: ws,
        clientId,
        address,
        hub,
        limits: config.limits,
        rateLimiter: context.rateLimiter,
        clock: context.clock,
        onError,
      })
      sockets.add(peer)
      pings.add(peer)
      ws.on('close', () => {
        sockets.delete(peer)
        pings.remove(peer)
      })
      ws.on('error', () => ws.terminate())
    })
  }

  const upgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    // First: an address over its rate costs no URL, JWT or project look-up.
    const address = addresses.attempt(request.socket.remoteAddress)
    if (!address) return sendRefusal(socket, TOO_MANY_UPGRADES)
    onUpgrade(request, socket, head, address).catch((error) => {
      onError(error)
      socket.destroy()
    })
  }
  app.server.on('upgrade', upgradeListener)

  const pingSlotMs = config.pingIntervalMs / PING_SLOTS
  const pingsStarted = performance.now()
  const ping = setInterval(
    () => pings.turnTo(Math.floor((performance.now() - pingsStarted) / pingSlotMs)),
    pingSlotMs,
  )
  ping.unref()
  const prune = setInterval(
    () => mailbox.prune(context.clock()).catch(onError),
    MAILBOX_PRUNE_INTERVAL_MS,
  )
  prune.unref()
  // Each address that tried to upgrade is remembered until its tokens are back: not for long.
  const sweep = setInterval(() => addresses.sweep(), ADDRESS_SWEEP_INTERVAL_MS)
  sweep.unref()

  const endpoint: RelayEndpoint = {
    hub,
    connectedClients: () =>
      [...sockets]
        .filter((peer) => peer.options.socket.readyState === peer.options.socket.OPEN)
        .map((peer) => peer.clientId),
    dropClient(clientId) {
      for (const peer of sockets) {
        if (peer.clientId === clientId) peer.options.socket.terminate()
      }
    },
    async close() {
      clearInterval(ping)
      clearInterval(prune)
      clearInterval(sweep)
      app.server.off('upgrade', upgradeListener)
      unguardConnections()
      // Every socket is told why (1001) and gets a moment to answer the close; wss.close waits
      // for the last one.
      for (const peer of sockets) closeForShutdown(peer.options.socket)
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await fanout?.close()
      // Before the database closes: what was accepted is written.
      await mailbox.drain()
    },
  }
  app.decorate('relay', endpoint)
  return endpoint
}
