// Who is subscribed to what on this relay instance, and delivery to them. State is kept per
// client id (the did:key of the JWT), not per socket: a client's reconnecting socket picks up
// its topics, never gets its own messages back, and never gets a message it acknowledged.
import type { RelayFetchResult } from '@portico/protocol/relay-methods'
import type { Clock } from '../cache/cache'
import type { RelayFanout } from './relay-fanout'
import { MAILBOX_FETCH_LIMIT, type PendingRead, type RelayMailbox } from './relay-mailbox'
import {
  deliveredData,
  deliveredDataJson,
  messageIdOf,
  type RelayMessage,
  subscriptionIdOf,
} from './relay-message'
import { RecentIds } from './relay-recent-ids'

/** One open socket of a client, as the hub sees it. */
export interface RelayPeer {
  readonly clientId: string
  /**
   * Whether a delivery goes out on this socket now. False while it has too much unread or its
   * client too much unacknowledged (it then has the hub `resume` once it drains, or once the
   * acks come), or is closing: what is not sent stays in the mailbox. Asked before a message's
   * JSON is made, which a socket not reading would waste.
   */
  takesDeliveries(): boolean
  /**
   * Sends an `irn_subscription` request carrying `dataJson` (a `DeliveredData` as JSON text),
   * once `takesDeliveries` said yes; when the client answers true the peer tells the hub
   * (`acknowledge`).
   */
  deliver(subscriptionId: string, message: RelayMessage, dataJson: string): void
  /**
   * A push left messages in the mailbox: they go out (`resume`) once the client has acknowledged
   * what it was sent, if anything is unacknowledged.
   */
  awaitAcknowledgements(): void
  /** Ids of messages sent on this socket and not acknowledged yet. */
  unacknowledged(): Iterable<string>
}

interface ClientState {
  id: string
  peers: Set<RelayPeer>
  /** Topics it is subscribed to, each with its subscription id (hashed once, not per message). */
  topics: Map<string, string>
  /** Message ids sent to this client lately (acknowledged or not). */
  sent: RecentIds
}

export interface PublishInput {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
}

export interface RelayHubOptions {
  mailbox: RelayMailbox
  clock: Clock
  maxTtlSeconds: number
  /**
   * Most message characters one mailbox push reads (and one more message): what a socket takes
   * unacknowledged before it holds deliveries back, so a push never reads more than it can
   * send; the rest goes as the client's acks come (RelayPeer.awaitAcknowledgements).
   */
  pushChars?: number
  /** Sends new messages to the other instances (Redis); absent with one instance. */
  fanout?: RelayFanout | undefined
}

/**
 * How long the hub remembers sending a message to a client (one to two of these): well past
 * the second in which the mailbox writes the client's acknowledgements.
 */
const DELIVERY_MEMORY_MS = 10_000

/**
 * Most messages one push reads, whatever their size (a push is bounded by its characters,
 * `pushChars`; this bounds a read of very many tiny ones).
 */
const MAILBOX_PUSH_LIMIT = 5_000

/**
 * Longest a mailbox push delivers before it lets the event loop serve the other sockets: a
 * subscriber with hundreds of messages waiting (a reader that reconnects on busy topics) held
 * every other delivery for milliseconds.
 */
const PUSH_SLICE_MS = 0.5

/** What became of one message for one client. */
type Delivery = 'sent' | 'skipped' | 'stopped'

export class RelayHub {
  readonly #clients = new Map<string, ClientState>()
  readonly #subscribers = new Map<string, Set<ClientState>>()
  /** Messages delivered but not yet written to the mailbox (a few batches' worth). */
  readonly #unwritten = new Set<RelayMessage>()

  constructor(readonly options: RelayHubOptions) {}

  attach(peer: RelayPeer): void {
    let client = this.#clients.get(peer.clientId)
    if (!client) {
      client = {
        id: peer.clientId,
        peers: new Set(),
        topics: new Map(),
        sent: new RecentIds(DELIVERY_MEMORY_MS, this.options.clock()),
      }
      this.#clients.set(peer.clientId, client)
    }
    client.peers.add(peer)
  }

  /** Forgets the socket; the client's subscriptions go with its last socket. */
  detach(peer: RelayPeer): void {
    const client = this.#clients.get(peer.clientId)
    if (!client) return
    client.peers.delete(peer)
    // What this socket never acknowledged may go out again on another one.
    for (const messageId of peer.unacknowledged()) client.sent.delete(messageId)
    if (client.peers.size > 0) return
    for (const topic of client.topics.keys()) this.#removeSubscriber(topic, client)
    this.#clients.delete(peer.clientId)
  }

  /** How many message ids the hub remembers as sent to the client (tests). */
  rememberedDeliveries(clientId: string): number {
    return this.#clients.get(clientId)?.sent.size(this.options.clock()) ?? 0
  }

  topicCount(clientId: string): number {
    return this.#clients.get(clientId)?.topics.size ?? 0
  }

  isSubscribed(clientId: string, topic: string): boolean {
    return this.#clients.get(clientId)?.topics.has(topic) ?? false
  }

  /** Subscribes and answers the subscription ids; mailbox messages follow with `flushMailbox`. */
  subscribe(clientId: string, topics: readonly string[]): string[] {
    const client = this.#clients.get(clientId)
    if (client) {
      for (const topic of topics) {
        if (!client.topics.has(topic)) client.topics.set(topic, subscriptionIdOf(topic, clientId))
        let subscribers = this.#subscribers.get(topic)
        if (!subscribers) {
          subscribers = new Set()
          this.#subscribers.set(topic, subscribers)
        }
        subscribers.add(client)
      }
    }
    return topics.map((topic) => subscriptionIdOf(topic, clientId))
  }

  unsubscribe(clientId: string, topics: readonly string[]): void {
    const client = this.#clients.get(clientId)
    if (!client) return
    for (const topic of topics) {
      client.topics.delete(topic)
      this.#removeSubscriber(topic, client)
    }
  }

  /**
   * What the mailbox holds for this client on these topics: the messages being written as well
   * as the written ones. The first are taken before the database is read, so a message written
   * (and let go) meanwhile is in the one or the other.
   */
  async #pendingFor(
    clientId: string,
    topics: readonly string[],
    read: PendingRead,
  ): Promise<{ messages: RelayMessage[]; hasMore: boolean }> {
    const now = this.options.clock()
    const wanted = new Set(topics)
    // A loop, not a copy of the whole set: it holds every message a slow database has yet to
    // write, and a subscribe or fetch wants only a few of them.
    const beingWritten: RelayMessage[] = []
    for (const message of this.#unwritten) {
      if (wanted.has(message.topic) && message.publisher !== clientId && message.expiresAt > now) {
        beingWritten.push(message)
      }
    }
    const stored = await this.options.mailbox.pendingFor(clientId, topics, now, read)
    const byId = new Map(beingWritten.map((message) => [message.id, message]))
    for (const message of stored.messages) byId.delete(message.id)
    return { messages: [...stored.messages, ...byId.values()], hasMore: stored.hasMore }
  }

  /** Pushes what the mailbox holds for this client on these topics. */
  async flushMailbox(clientId: string, topics: readonly string[]): Promise<void> {
    // Acknowledgements wait up to a second to be written; a client back within that second
    // (a dropped socket, a reload) must not be sent again what it has just acknowledged. If
    // the write fails (reported by the mailbox) the push goes on: a repeat the SDK drops beats
    // a message not pushed.
    await this.options.mailbox.writeAcks().catch(() => undefined)
    const { messages, hasMore } = await this.#pendingFor(clientId, topics, {
      limit: MAILBOX_PUSH_LIMIT,
      maxChars: this.options.pushChars,
    })
    let sliceStart = performance.now()
    for (const message of messages) {
      // A long push gives the other sockets their turn now and then.
      if (performance.now() - sliceStart > PUSH_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve))
        sliceStart = performance.now()
      }
      // Not to a topic dropped meanwhile: the read may see messages published after it.
      if (!this.isSubscribed(clientId, message.topic)) continue
      // The rest stays in the mailbox: a socket holding back has the hub resume when drained.
      if (this.#deliverTo(clientId, message) === 'stopped') return
    }
    // Read up to its characters, the push may end without filling the socket (it skipped what
    // was sent and not yet acknowledged): the client's acks then bring the rest.
    if (hasMore) this.#newestPeer(clientId)?.awaitAcknowledgements()
  }

  /** A socket that held deliveries back has drained: what it missed goes out now. */
  resume(clientId: string): Promise<void> {
    const client = this.#clients.get(clientId)
    if (!client) return Promise.resolve()
    return this.flushMailbox(clientId, [...client.topics.keys()])
  }

  /**
   * Mailbox messages answered to `irn_batchFetchMessages`, counted as delivered: at least one,
   * and no more than `maxChars` of message text in all (the rest waits: hasMore).
   */
  async fetch(
    clientId: string,
    topics: readonly string[],
    maxChars = Number.POSITIVE_INFINITY,
  ): Promise<RelayFetchResult> {
    const pending = await this.#pendingFor(clientId, topics, {
      limit: MAILBOX_FETCH_LIMIT,
      maxChars: Number.isFinite(maxChars) ? maxChars : undefined,
    })
    let count = 0
    let chars = 0
    for (const message of pending.messages) {
      chars += message.message.length
      if (count > 0 && chars > maxChars) break
      count += 1
    }
    const messages = pending.messages.slice(0, count)
    const hasMore = pending.hasMore || count < pending.messages.length
    const client = this.#clients.get(clientId)
    const now = this.options.clock()
    for (const message of messages) client?.sent.add(message.id, now)
    this.options.mailbox.markDelivered(messages, clientId)
    // Written before the answer: the client's next fetch (the next page) must not see them.
    await this.options.mailbox.writeAcks()
    return { messages: messages.map(deliveredData), hasMore }
  }

  /**
   * A new message: delivered at once to this instance's subscribers and sent to the other
   * instances, and kept in the mailbox; resolves once it is written, so the publisher's answer
   * still means "stored" (a restart loses no answered publish) while delivery never waits for
   * the database. Until written it is held in memory, where a subscribe or fetch finds it.
   * No async functions here: what waits for the write is only the message (see RelaySocket).
   */
  publish(publisher: string, input: PublishInput): Promise<void> {
    const now = this.options.clock()
    const ttlSeconds = Math.round(
      Math.min(Math.max(input.ttlSeconds, 1), this.options.maxTtlSeconds),
    )
    const message: RelayMessage = {
      id: messageIdOf(input.topic, input.message),
      topic: input.topic,
      message: input.message,
      tag: input.tag,
      publisher,
      publishedAt: now,
      expiresAt: now + ttlSeconds * 1000,
    }
    const stored = this.accept(message)
    const fanout = this.options.fanout
    if (!fanout) return stored
    // Other instances deliver it at once too; the answer waits for Redis to take it.
    return Promise.all([stored, fanout.broadcast(message)]).then(() => undefined)
  }

  /** Delivers a message (published here or on another instance) and writes it. */
  accept(message: RelayMessage): Promise<void> {
    this.#unwritten.add(message)
    this.deliverLocally(message)
    return this.options.mailbox.store(message).finally(() => this.#unwritten.delete(message))
  }

  /** The client has the message: the mailbox no longer offers it to that client. */
  acknowledge(clientId: string, message: RelayMessage): void {
    this.options.mailbox.markDelivered([message], clientId)
  }

  /** A message published here or on another instance: to every local subscriber but its author. */
  deliverLocally(message: RelayMessage): void {
    const subscribers = this.#subscribers.get(message.topic)
    if (!subscribers) return
    // Its JSON made once for all of them, not once per subscriber, and only if a socket takes
    // it (slow readers on a flood topic hold every delivery back).
    let dataJson: string | undefined
    const jsonOnce = () => {
      dataJson ??= deliveredDataJson(message)
      return dataJson
    }
    for (const client of subscribers) this.#deliverTo(client.id, message, jsonOnce)
  }

  #deliverTo(
    clientId: string,
    message: RelayMessage,
    dataJson: () => string = () => deliveredDataJson(message),
  ): Delivery {
    const client = this.#clients.get(clientId)
    if (!client) return 'stopped'
    if (message.publisher === clientId) return 'skipped'
    const now = this.options.clock()
    if (message.expiresAt <= now || client.sent.has(message.id, now)) return 'skipped'
    const peer = this.#newestPeer(clientId)
    if (!peer?.takesDeliveries()) return 'stopped'
    peer.deliver(
      client.topics.get(message.topic) ?? subscriptionIdOf(message.topic, clientId),
      message,
      dataJson(),
    )
    client.sent.add(message.id, now)
    return 'sent'
  }

  /** The newest socket: an older one of the same client is on its way out. */
  #newestPeer(clientId: string): RelayPeer | undefined {
    let peer: RelayPeer | undefined
    for (const each of this.#clients.get(clientId)?.peers ?? []) peer = each
    return peer
  }

  #removeSubscriber(topic: string, client: ClientState): void {
    const subscribers = this.#subscribers.get(topic)
    if (!subscribers) return
    subscribers.delete(client)
    if (subscribers.size === 0) this.#subscribers.delete(topic)
  }
}
