// The relay's JSON-RPC methods, as the WalletConnect 2.25 SDKs call them. Each checks all of its
// params first (relay-params.ts), then applies the limits and answers; a refusal throws
// RelayRpcError. Looked up in a Map: a name inherited from Object.prototype is no method.
import type { RateLimitDecision, RateLimiter } from '../cache/rate-limiter'
import type { RelayAddress } from './relay-addresses'
import type { RelayLimits } from './relay-config'
import type { PublishInput, RelayHub } from './relay-hub'
import {
  isLowerHex,
  list,
  message,
  object,
  type Params,
  TOPIC_LENGTH,
  tag,
  topic,
  topicList,
  ttl,
} from './relay-params'
import { RelayRpcError } from './relay-rpc'

/** Tags of the messages carried by wc_proposeSession and wc_approveSession (sign-client's). */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
/** TTL of those messages when the SDK gives none (its default: five minutes). */
const DEFAULT_TTL_SECONDS = 300

export interface RelayCaller {
  clientId: string
  /** Where the socket comes from, with its per-address counts. */
  address: RelayAddress
  hub: RelayHub
  limits: RelayLimits
  rateLimiter: RateLimiter
  /** Runs after the answer is sent (mailbox pushes must follow the subscribe answer). */
  afterAnswer(work: () => Promise<void>): void
}

/** Counts `count` publishes against the client's rate; refuses if any is over it. */
function checkClientRate(caller: RelayCaller, count: number): Promise<void> {
  const key = `relay:publish:${caller.clientId}`
  const rule = { limit: caller.limits.publishesPerSecond, windowMs: 1_000 }
  const refuseOver = (allowed: boolean) => {
    if (!allowed) {
      throw new RelayRpcError(
        'tooManyRequests',
        `at most ${caller.limits.publishesPerSecond} a second`,
      )
    }
  }
  // One publish (nearly all of them) without Promise.all's arrays and closures.
  if (count === 1) {
    return caller.rateLimiter.consume(key, rule).then((decision) => refuseOver(decision.allowed))
  }
  const decisions: Array<Promise<RateLimitDecision>> = []
  for (let index = 0; index < count; index++) decisions.push(caller.rateLimiter.consume(key, rule))
  return Promise.all(decisions).then((all) => refuseOver(all.every((each) => each.allowed)))
}

/**
 * The address's counts first (publishes and their characters): they are synchronous, and a fresh
 * key does not reset them.
 */
function checkRate(caller: RelayCaller, count: number, chars: number): Promise<void> {
  const taken = caller.address.takePublishes(count, chars)
  if (taken !== 'taken') {
    const { publishesPerAddressPerSecond, publishedCharsPerAddressPerSecond } = caller.limits
    const most =
      taken === 'overCount'
        ? `${publishesPerAddressPerSecond} a second`
        : `${publishedCharsPerAddressPerSecond} message characters a second`
    return Promise.reject(new RelayRpcError('tooManyRequests', `at most ${most} from one address`))
  }
  return checkClientRate(caller, count)
}

function charsOf(inputs: readonly PublishInput[]): number {
  let chars = 0
  for (const input of inputs) chars += input.message.length
  return chars
}

function publishInput(caller: RelayCaller, params: Params, fallbackTag = 0): PublishInput {
  return {
    topic: topic(params, 'topic'),
    message: message(params, 'message', caller.limits.maxMessageChars),
    ttlSeconds: ttl(params, DEFAULT_TTL_SECONDS),
    tag: tag(params, fallbackTag),
  }
}

/**
 * Answered once every message is stored; delivery does not wait for that (RelayHub.publish).
 * Promise chains rather than async functions: see RelaySocket's #onFrame.
 */
function publish(caller: RelayCaller, inputs: readonly PublishInput[]): Promise<true> {
  const [only] = inputs
  return checkRate(caller, inputs.length, charsOf(inputs))
    .then(
      (): Promise<unknown> =>
        only && inputs.length === 1
          ? caller.hub.publish(caller.clientId, only)
          : // Delivered in order; written together (one batch).
            Promise.all(inputs.map((input) => caller.hub.publish(caller.clientId, input))),
    )
    .then(() => true)
}

/** Subscribes within the per-client topic limit; mailbox messages follow the answer. */
function subscribe(caller: RelayCaller, topics: readonly string[]): string[] {
  const fresh = new Set(topics.filter((each) => !caller.hub.isSubscribed(caller.clientId, each)))
  if (caller.hub.topicCount(caller.clientId) + fresh.size > caller.limits.maxTopicsPerClient) {
    throw new RelayRpcError('tooManyTopics', `at most ${caller.limits.maxTopicsPerClient} a client`)
  }
  const ids = caller.hub.subscribe(caller.clientId, topics)
  caller.afterAnswer(() => caller.hub.flushMailbox(caller.clientId, topics))
  return ids
}

/** `[{ topic, id }]`: the id, when given, is the subscription id the relay answered (hex). */
function unsubscribeList(caller: RelayCaller, params: Params): string[] {
  const entries = list(params, 'subscriptions', caller.limits.maxTopicsPerClient)
  return entries.map((entry) => {
    const subscription = object(entry, 'subscriptions[]')
    const id = subscription.id
    if (id !== undefined && !(typeof id === 'string' && isLowerHex(id, TOPIC_LENGTH))) {
      throw new RelayRpcError('invalidParams', 'id must be 64 lower-case hex characters')
    }
    return topic(subscription, 'topic')
  })
}

/** Answers with a value, or a promise of one; throws (or rejects with) a RelayRpcError. */
export type RelayMethod = (caller: RelayCaller, params: unknown) => unknown

export const RELAY_METHODS: ReadonlyMap<string, RelayMethod> = new Map<string, RelayMethod>([
  ['irn_subscribe', (caller, params) => subscribe(caller, [topic(object(params), 'topic')])[0]],
  [
    'irn_batchSubscribe',
    (caller, params) =>
      subscribe(caller, topicList(object(params), 'topics', caller.limits.maxTopicsPerClient)),
  ],
  [
    'irn_unsubscribe',
    (caller, params) => {
      caller.hub.unsubscribe(caller.clientId, [topic(object(params), 'topic')])
      return true
    },
  ],
  [
    'irn_batchUnsubscribe',
    (caller, params) => {
      caller.hub.unsubscribe(caller.clientId, unsubscribeList(caller, object(params)))
      return true
    },
  ],
  ['irn_publish', (caller, params) => publish(caller, [publishInput(caller, object(params))])],
  [
    'irn_batchPublish',
    (caller, params) => {
      // A longer batch could never pass the client's rate.
      const entries = list(object(params), 'messages', caller.limits.publishesPerSecond)
      return publish(
        caller,
        entries.map((entry) => publishInput(caller, object(entry, 'messages[]'))),
      )
    },
  ],
  [
    'irn_batchFetchMessages',
    (caller, params) =>
      caller.hub.fetch(
        caller.clientId,
        topicList(object(params), 'topics', caller.limits.maxTopicsPerClient),
        caller.limits.maxFetchAnswerChars,
      ),
  ],
  /** The dapp's proposal: published on the pairing topic, which the dapp now listens to. */
  [
    'wc_proposeSession',
    async (caller, params) => {
      const given = object(params)
      const pairingTopic = topic(given, 'pairingTopic')
      const input: PublishInput = {
        topic: pairingTopic,
        message: message(given, 'sessionProposal', caller.limits.maxMessageChars),
        ttlSeconds: ttl(given, DEFAULT_TTL_SECONDS),
        tag: tag(given, TAG_SESSION_PROPOSE),
      }
      await checkRate(caller, 1, input.message.length)
      subscribe(caller, [pairingTopic])
      await caller.hub.publish(caller.clientId, input)
      return true
    },
  ],
  /**
   * The wallet's approval: the proposal response on the pairing topic and the settle request on
   * the session topic, which the wallet now listens to.
   */
  [
    'wc_approveSession',
    async (caller, params) => {
      const given = object(params)
      const pairingTopic = topic(given, 'pairingTopic')
      const sessionTopic = topic(given, 'sessionTopic')
      const ttlSeconds = ttl(given, DEFAULT_TTL_SECONDS)
      const { maxMessageChars } = caller.limits
      const response: PublishInput = {
        topic: pairingTopic,
        message: message(given, 'sessionProposalResponse', maxMessageChars),
        ttlSeconds,
        tag: TAG_SESSION_PROPOSE_RESPONSE,
      }
      const settle: PublishInput = {
        topic: sessionTopic,
        message: message(given, 'sessionSettlementRequest', maxMessageChars),
        ttlSeconds,
        tag: TAG_SESSION_SETTLE,
      }
      await checkRate(caller, 2, charsOf([response, settle]))
      subscribe(caller, [sessionTopic])
      await Promise.all([
        caller.hub.publish(caller.clientId, response),
        caller.hub.publish(caller.clientId, settle),
      ])
      return true
    },
  ],
])
