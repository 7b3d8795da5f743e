// One client socket: reads JSON-RPC frames, runs the relay's methods, sends deliveries and
// matches the client's acks to them. A socket that does not read is not written to without
// bound: deliveries are held back (they stay in the mailbox) until it drains, or until the client
// acknowledges what it was sent, and a socket that lets the relay's answers pile up past the
// limit is closed. A socket whose address has spent its publish budget for the second stops
// being read until the next one (RelayAddress.waitForNextSecond); the frames it had already read
// wait with it, unparsed, and are then taken in order.
import { RELAY_ERROR } from '@portico/protocol/relay-frames'
import type { WebSocket } from 'ws'
import type { Clock } from '../cache/cache'
import type { RateLimiter } from '../cache/rate-limiter'
import type { RelayAddress } from './relay-addresses'
import { FRAME_OVERHEAD_BYTES, type RelayLimits } from './relay-config'
import type { RelayHub, RelayPeer } from './relay-hub'
import type { RelayMessage } from './relay-message'
import {
  ADDRESS_BUDGET_SPENT,
  publishRateKeyOf,
  RELAY_METHODS,
  type RelayCaller,
} from './relay-methods'
import {
  errorFrame,
  parseFrame,
  RELAY_CLOSE,
  RelayRpcError,
  resultFrame,
  subscriptionFrame,
} from './relay-rpc'
import { SecondCount } from './relay-second-count'
import { rawSocketOf, sendTextFrame } from './relay-text-frame'

let nextDeliveryId = Date.now() * 1000

/** How long a socket closed for unread data may take to take its close frame. */
const CLOSE_GRACE_MS = 5_000

/**
 * What one read of a socket holds at most (libuv reads 64 KiB at a time): the frames a socket
 * that waits for its address's next second has already read, beside the one that did not fit.
 */
const ONE_READ_BYTES = 64 * 1024

export interface RelaySocketOptions {
  socket: WebSocket
  clientId: string
  address: RelayAddress
  hub: RelayHub
  limits: RelayLimits
  rateLimiter: RateLimiter
  clock: Clock
  onError(error: unknown): void
}

/** One client socket (the file's opening says what it does); the hub knows it as a RelayPeer. */
export class RelaySocket implements RelayPeer {
  readonly clientId: string
  /** False after a ping until the pong comes back. */
  alive = true
  /** Deliveries not acknowledged yet, by the request id they went out with. */
  readonly #pending = new Map<number, RelayMessage>()
  /** Characters of the messages in #pending. */
  #unacknowledgedChars = 0
  /**
   * Why deliveries are held back, if they are: the socket's unread data (until it drains) or
   * what the client has not acknowledged (until its acks bring that down to half the limit).
   */
  #heldBack: 'unread' | 'unacknowledged' | undefined
  /** Its TCP socket is corked until the end of this turn (#corkForThisTurn). */
  #corked = false
  /** Rate refusals, this second. */
  readonly #refusals = new SecondCount()
  /**
   * While the address's publish budget is spent: the frames read and not yet taken, oldest first
   * (the first is the publish that did not fit). Undefined while the socket is read as usual.
   */
  #waitingFrames: string[] | undefined
  #waitingChars = 0
  readonly #publishRateKey: string

  constructor(readonly options: RelaySocketOptions) {
    this.clientId = options.clientId
    this.#publishRateKey = publishRateKeyOf(options.clientId)
    options.hub.attach(this)
    options.socket.on('pong', () => {
      this.alive = true
    })
    options.socket.on('message', (data, isBinary) => {
      // Any frame shows the peer is there, as a pong does.
      this.alive = true
      if (options.socket.readyState !== options.socket.OPEN) return
      if (isBinary) {
        this.#close(RELAY_CLOSE.unsupportedData)
        return
      }
      const text = data.toString()
      if (this.#waitingFrames) {
        this.#keepWaiting(text)
        return
      }
      this.#takeFrame(text)
    })
    options.socket.on('close', () => {
      this.#waitingFrames = undefined
      options.hub.detach(this)
      this.#pending.clear()
      this.#unacknowledgedChars = 0
    })
  }

  takesDeliveries(): boolean {
    const { socket, limits } = this.options
    if (socket.readyState !== socket.OPEN || this.#heldBack) return false
    if (socket.bufferedAmount > limits.deliveryPauseBytes) return this.#holdBackUntilDrained()
    // The kernel's socket buffers take megabytes before any is left unread here, all of it sent
    // for nothing to a client that reads none; what a client has not acknowledged bounds that.
    if (this.#unacknowledgedChars > limits.deliveryPauseBytes) {
      this.#heldBack = 'unacknowledged'
      return false
    }
    return true
  }

  deliver(subscriptionId: string, message: RelayMessage, dataJson: string): void {
    this.#corkForThisTurn()
    nextDeliveryId += 1
    const id = nextDeliveryId
    this.#pending.set(id, message)
    this.#unacknowledgedChars += message.message.length
    this.#send(subscriptionFrame(id, subscriptionId, dataJson))
  }

  awaitAcknowledgements(): void {
    if (this.#heldBack || this.#unacknowledgedChars === 0) return
    this.#heldBack = 'unacknowledged'
  }

  /**
   * Deliveries made in one turn of the event loop (a mailbox push: hundreds) go to the kernel
   * in one write at its end, not a system call and a pass through loopback's TCP each.
   */
  #corkForThisTurn(): void {
    if (this.#corked) return
    const raw = rawSocketOf(this.options.socket)
    if (!raw) return
    this.#corked = true
    raw.cork()
    process.nextTick(() => {
      this.#corked = false
      raw.uncork()
    })
  }

  unacknowledged(): Iterable<string> {
    return [...this.#pending.values()].map((message) => message.id)
  }

  /** Holds deliveries back until the socket drains, then has the hub send what it missed. */
  #holdBackUntilDrained(): false {
    const raw = rawSocketOf(this.options.socket)
    if (!raw) return false
    this.#heldBack = 'unread'
    raw.once('drain', () => this.#resume())
    return false
  }

  #resume(): void {
    this.#heldBack = undefined
    this.options.hub.resume(this.clientId).catch(this.options.onError)
  }

  #send(frame: string): void {
    const { socket, limits } = this.options
    if (socket.readyState !== socket.OPEN) return
    sendTextFrame(socket, frame)
    if (socket.bufferedAmount > limits.maxBufferedBytes) this.#close(RELAY_CLOSE.tooMuchUnread)
  }

  #close(reason: { code: number; reason: string }): void {
    const { socket } = this.options
    socket.close(reason.code, reason.reason)
    // A peer that does not read never answers the close: its buffer goes after a grace.
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref()
  }

  #takeFrame(text: string): void {
    try {
      this.#onFrame(text)
    } catch (error) {
      // Nothing the relay does with a frame may end the process (ws would rethrow it).
      this.options.onError(error)
    }
  }

  /** The frame did not fit in its address's budget: nothing more is read until the next second. */
  #waitForNextSecond(text: string): void {
    this.#waitingFrames = [text]
    this.#waitingChars = text.length
    this.options.socket.pause()
    this.options.address.waitForNextSecond(() => this.#takeWaitingFrames())
  }

  /**
   * A frame read after the socket began to wait: at most what was read with the one that did not
   * fit. More would be a client past the protocol's own sizes: it is closed.
   */
  #keepWaiting(text: string): void {
    const waiting = this.#waitingFrames
    if (!waiting) return
    waiting.push(text)
    this.#waitingChars += text.length
    const { limits } = this.options
    if (this.#waitingChars > limits.maxMessageChars + FRAME_OVERHEAD_BYTES + ONE_READ_BYTES) {
      this.#waitingFrames = undefined
      this.#close(RELAY_CLOSE.tooMuchWaiting)
    }
  }

  /** A new second: the waiting frames in order, until one does not fit again; then reading. */
  #takeWaitingFrames(): void {
    const frames = this.#waitingFrames
    this.#waitingFrames = undefined
    const { socket } = this.options
    if (!frames || socket.readyState !== socket.OPEN) return
    for (let index = 0; index < frames.length; index++) {
      this.#takeFrame(frames[index] as string)
      if (this.#waitingFrames) {
        for (const later of frames.slice(index + 1)) this.#keepWaiting(later)
        return
      }
    }
    socket.resume()
  }

  /**
   * Not an async function: a publish waits for the mailbox's write (tens of ms under load), and
   * a suspended async call would keep the frame's text, its parsed form and every local alive
   * meanwhile, enough of them at thousands a second to make each young-generation collection
   * copy megabytes. Only the request's id and its follow-ups wait with the method's promise.
   */
  #onFrame(text: string): void {
    const frame = parseFrame(text)
    if (frame.kind === 'response') {
      const message = this.#pending.get(frame.id)
      if (!message) return
      this.#pending.delete(frame.id)
      this.#unacknowledgedChars -= message.message.length
      if (frame.ok) this.options.hub.acknowledge(this.clientId, message)
      // At half, not at each ack: every resume is a read of the mailbox.
      if (
        this.#heldBack === 'unacknowledged' &&
        this.#unacknowledgedChars <= this.options.limits.deliveryPauseBytes / 2
      ) {
        this.#resume()
      }
      return
    }
    if (frame.kind === 'invalid') {
      this.#send(errorFrame(frame.rawId, frame.error))
      return
    }
    const { rawId } = frame
    const method = RELAY_METHODS.get(frame.method)
    if (!method) {
      this.#send(errorFrame(rawId, RELAY_ERROR.methodNotFound))
      return
    }
    const followUps: Array<() => Promise<void>> = []
    const caller: RelayCaller = {
      clientId: this.clientId,
      publishRateKey: this.#publishRateKey,
      address: this.options.address,
      hub: this.options.hub,
      limits: this.options.limits,
      rateLimiter: this.options.rateLimiter,
      afterAnswer: (work) => followUps.push(work),
    }
    let result: unknown
    try {
      result = method(caller, frame.params)
      if (!(result instanceof Promise)) {
        this.#answer(rawId, result, followUps)
        return
      }
    } catch (error) {
      if (error === ADDRESS_BUDGET_SPENT) this.#waitForNextSecond(text)
      else this.#answerError(rawId, error)
      return
    }
    result
      .then((value) => this.#answer(rawId, value, followUps))
      .catch((error: unknown) => this.#answerError(rawId, error))
  }

  /**
   * A client that goes on past its rate is closed: until then every frame it sends is parsed
   * before it is refused, and fresh keys make the per-key rate no obstacle to sending.
   */
  #countRefusal(): void {
    const refusals = this.#refusals.add(this.options.clock())
    if (refusals >= this.options.limits.refusalsPerSocketPerSecond) {
      this.#close(RELAY_CLOSE.tooManyRefusals)
    }
  }

  #answer(rawId: string, result: unknown, followUps: Array<() => Promise<void>>): void {
    this.#send(resultFrame(rawId, result))
    if (followUps.length === 0) return
    const runInOrder = async () => {
      for (const work of followUps) await work()
    }
    runInOrder().catch(this.options.onError)
  }

  #answerError(rawId: string, error: unknown): void {
    if (error instanceof RelayRpcError) {
      this.#send(errorFrame(rawId, error))
      if (error.kind === 'tooManyRequests') this.#countRefusal()
      return
    }
    this.options.onError(error)
    this.#send(errorFrame(rawId, RELAY_ERROR.internal))
  }
}
