// The relay's JSON-RPC methods, as the WalletConnect 2.25 SDKs call them. Each checks its
// params, applies the limits and answers; a refusal throws RelayRpcError.
import type { RateLimitDecision, RateLimiter } from '../cache/rate-limiter'
import type { RelayLimits } from './relay-config'
import type { PublishInput, RelayHub } from './relay-hub'
import { RelayRpcError } from './relay-rpc'

/** Tags of the messages carried by wc_proposeSession and wc_approveSession (sign-client's). */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
/** TTL of those messages when the SDK gives none (its default: five minutes). */
const DEFAULT_TTL_SECONDS = 300

export interface RelayCaller {
  clientId: string
  hub: RelayHub
  limits: RelayLimits
  rateLimiter: RateLimiter
  /** Runs after the answer is sent (mailbox pushes must follow the subscribe answer). */
  afterAnswer(work: () => Promise<void>): void
}

type Params = Record<string, unknown>

function object(params: unknown): Params {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new RelayRpcError('invalidParams', 'params must be an object')
  }
  return params as Params
}

function text(params: Params, name: string): string {
  const value = params[name]
  if (typeof value !== 'string' || value === '') {
    throw new RelayRpcError('invalidParams', `${name} must be a non-empty string`)
  }
  return value
}

function topicList(params: Params, name: string): string[] {
  const value = params[name]
  if (!Array.isArray(value) || !value.every((topic) => typeof topic === 'string' && topic)) {
    throw new RelayRpcError('invalidParams', `${name} must be a list of topics`)
  }
  return value as string[]
}

function optionalNumber(params: Params, name: string, fallback: number): number {
  const value = params[name]
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RelayRpcError('invalidParams', `${name} must be a number`)
  }
  return value
}

function checkSize(caller: RelayCaller, message: string): void {
  if (message.length > caller.limits.maxMessageChars) {
    throw new RelayRpcError(
      'messageTooLarge',
      `at most ${caller.limits.maxMessageChars} characters`,
    )
  }
}

/** Counts `count` publishes against the client's rate; refuses if any is over it. */
function checkRate(caller: RelayCaller, count: number): Promise<void> {
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

/** Every message within the size limit and the whole lot within the rate, or none is kept. */
function checkPublish(caller: RelayCaller, messages: readonly string[]): Promise<void> {
  for (const message of messages) checkSize(caller, message)
  return checkRate(caller, messages.length)
}

/** A tag is a 32-bit unsigned integer in the relay protocol (kept in an `integer` column). */
function tagOf(params: Params, fallback: number): number {
  const tag = optionalNumber(params, 'tag', fallback)
  if (!Number.isInteger(tag) || tag < 0 || tag > 2 ** 31 - 1) {
    throw new RelayRpcError('invalidParams', 'tag must be a whole number from 0 to 2147483647')
  }
  return tag
}

function publishInput(params: Params, fallbackTag = 0): PublishInput {
  return {
    topic: text(params, 'topic'),
    message: text(params, 'message'),
    ttlSeconds: optionalNumber(params, 'ttl', DEFAULT_TTL_SECONDS),
    tag: tagOf(params, fallbackTag),
  }
}

/**
 * Answered once every message is stored; delivery does not wait for that (RelayHub.publish).
 * Promise chains rather than async functions: see RelaySocket's #onFrame.
 */
function publish(caller: RelayCaller, inputs: readonly PublishInput[]): Promise<true> {
  const [only] = inputs
  return checkPublish(
    caller,
    inputs.map((input) => input.message),
  )
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
  const fresh = new Set(topics.filter((topic) => !caller.hub.isSubscribed(caller.clientId, topic)))
  if (caller.hub.topicCount(caller.clientId) + fresh.size > caller.limits.maxTopicsPerClient) {
    throw new RelayRpcError('tooManyTopics', `at most ${caller.limits.maxTopicsPerClient} a client`)
  }
  const ids = caller.hub.subscribe(caller.clientId, topics)
  caller.afterAnswer(() => caller.hub.flushMailbox(caller.clientId, topics))
  return ids
}

function unsubscribeList(params: Params): string[] {
  const list = params.subscriptions
  if (!Array.isArray(list)) throw new RelayRpcError('invalidParams', 'subscriptions must be a list')
  return list.map((entry) => text(object(entry), 'topic'))
}

/** Answers with a value, or a promise of one; throws (or rejects with) a RelayRpcError. */
export type RelayMethod = (caller: RelayCaller, params: unknown) => unknown

export const RELAY_METHODS: Record<string, RelayMethod> = {
  irn_subscribe(caller, params) {
    return subscribe(caller, [text(object(params), 'topic')])[0]
  },
  irn_batchSubscribe(caller, params) {
    return subscribe(caller, topicList(object(params), 'topics'))
  },
  irn_unsubscribe(caller, params) {
    caller.hub.unsubscribe(caller.clientId, [text(object(params), 'topic')])
    return true
  },
  irn_batchUnsubscribe(caller, params) {
    caller.hub.unsubscribe(caller.clientId, unsubscribeList(object(params)))
    return true
  },
  irn_publish(caller, params) {
    return publish(caller, [publishInput(object(params))])
  },
  irn_batchPublish(caller, params) {
    const list = object(params).messages
    if (!Array.isArray(list)) throw new RelayRpcError('invalidParams', 'messages must be a list')
    return publish(
      caller,
      list.map((entry) => publishInput(object(entry))),
    )
  },
  irn_batchFetchMessages(caller, params) {
    return caller.hub.fetch(caller.clientId, topicList(object(params), 'topics'))
  },
  /** The dapp's proposal: published on the pairing topic, which the dapp now listens to. */
  async wc_proposeSession(caller, params) {
    const given = object(params)
    const pairingTopic = text(given, 'pairingTopic')
    const input: PublishInput = {
      topic: pairingTopic,
      message: text(given, 'sessionProposal'),
      ttlSeconds: optionalNumber(given, 'ttl', DEFAULT_TTL_SECONDS),
      tag: tagOf(given, TAG_SESSION_PROPOSE),
    }
    await checkPublish(caller, [input.message])
    subscribe(caller, [pairingTopic])
    await caller.hub.publish(caller.clientId, input)
    return true
  },
  /**
   * The wallet's approval: the proposal response on the pairing topic and the settle request on
   * the session topic, which the wallet now listens to.
   */
  async wc_approveSession(caller, params) {
    const given = object(params)
    const pairingTopic = text(given, 'pairingTopic')
    const sessionTopic = text(given, 'sessionTopic')
    const ttlSeconds = optionalNumber(given, 'ttl', DEFAULT_TTL_SECONDS)
    const response: PublishInput = {
      topic: pairingTopic,
      message: text(given, 'sessionProposalResponse'),
      ttlSeconds,
      tag: TAG_SESSION_PROPOSE_RESPONSE,
    }
    const settle: PublishInput = {
      topic: sessionTopic,
      message: text(given, 'sessionSettlementRequest'),
      ttlSeconds,
      tag: TAG_SESSION_SETTLE,
    }
    await checkPublish(caller, [response.message, settle.message])
    subscribe(caller, [sessionTopic])
    await Promise.all([
      caller.hub.publish(caller.clientId, response),
      caller.hub.publish(caller.clientId, settle),
    ])
    return true
  },
}
