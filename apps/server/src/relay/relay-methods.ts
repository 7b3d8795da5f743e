// The relay's JSON-RPC methods, as the WalletConnect 2.25 SDKs call them. Each checks all of its
// params first (relay-method-params.ts, typed by @portico/protocol/relay-methods), then applies
// the limits and answers with the protocol's result; a refusal throws RelayRpcError. Looked up
// in a Map: a name inherited from Object.prototype is no method.
import type { RelayParams, RelayResult } from '@portico/protocol/relay-methods'
import type { RateLimitDecision, RateLimiter } from '../cache/rate-limiter'
import type { RelayAddress } from './relay-addresses'
import type { RelayLimits } from './relay-config'
import type { PublishInput, RelayHub } from './relay-hub'
import { RELAY_PARAM_CHECKS, type RelayServedMethod } from './relay-method-params'
import { RelayRpcError } from './relay-rpc'

/** Tags of the messages carried by wc_proposeSession and wc_approveSession (sign-client's). */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
/** TTL of those messages when the SDK gives none (its default: five minutes). */
const DEFAULT_TTL_SECONDS = 300

export interface RelayCaller {
  clientId: string
  /**
   * The client's publish count in the rate limiter: one string per socket, not one per publish,
   * which the limiter's map would keep until the client's next publish (past a young-generation
   * collection, so copied into the old one at a thousand publishes a second).
   */
  publishRateKey: string
  /** Where the socket comes from, with its per-address counts. */
  address: RelayAddress
  hub: RelayHub
  limits: RelayLimits
  rateLimiter: RateLimiter
  /** Runs after the answer is sent (mailbox pushes must follow the subscribe answer). */
  afterAnswer(work: () => Promise<void>): void
}

/**
 * The rate refusals of one set of limits, made once: a flood of publishes past a rate (fresh
 * keys, one address) is answered without an Error (and its stack trace) or a rejected promise
 * made for each; the socket reads only the kind, code and message.
 */
interface RateRefusals {
  client: RelayRpcError
  addressCount: RelayRpcError
  addressChars: RelayRpcError
}
const RATE_REFUSALS = new WeakMap<RelayLimits, RateRefusals>()

function rateRefusals(limits: RelayLimits): RateRefusals {
  let refusals = RATE_REFUSALS.get(limits)
  if (!refusals) {
    const fromAddress = (most: string) =>
      new RelayRpcError('tooManyRequests', `at most ${most} from one address`)
    refusals = {
      client: new RelayRpcError('tooManyRequests', `at most ${limits.publishesPerSecond} a second`),
      addressCount: fromAddress(`${limits.publishesPerAddressPerSecond} a second`),
      addressChars: fromAddress(
        `${limits.publishedCharsPerAddressPerSecond} message characters a second`,
      ),
    }
    RATE_REFUSALS.set(limits, refusals)
  }
  return refusals
}

/** Counts `count` publishes against the client's rate; refuses if any is over it. */
function checkClientRate(caller: RelayCaller, count: number): Promise<void> {
  const key = caller.publishRateKey
  const rule = { limit: caller.limits.publishesPerSecond, windowMs: 1_000 }
  const refuseOver = (allowed: boolean) => {
    if (!allowed) throw rateRefusals(caller.limits).client
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
 * Thrown, never answered, by a publish that does not fit in what is left of its address's budget
 * for this second: the socket holds the frame and stops reading until the next second
 * (RelaySocket), and the publish is then taken as if it had just come.
 */
export const ADDRESS_BUDGET_SPENT: unique symbol = Symbol('the address has spent this second')

/**
 * The address's counts first (publishes and their characters): they are synchronous, and a fresh
 * key does not reset them. Past them it throws at once, before any promise is made: a publish no
 * second could hold is refused (RelaySocket answers a thrown refusal as it does a rejected one),
 * one that only this second cannot hold waits (ADDRESS_BUDGET_SPENT).
 */
function checkRate(caller: RelayCaller, count: number, chars: number): Promise<void> {
  const taken = caller.address.takePublishes(count, chars)
  if (taken === 'spent') throw ADDRESS_BUDGET_SPENT
  if (taken !== 'taken') {
    const refusals = rateRefusals(caller.limits)
    throw taken === 'overCount' ? refusals.addressCount : refusals.addressChars
  }
  return checkClientRate(caller, count)
}

function charsOf(inputs: readonly PublishInput[]): number {
  let chars = 0
  for (const input of inputs) chars += input.message.length
  return chars
}

function publishInput(params: RelayParams<'irn_publish'>): PublishInput {
  return {
    topic: params.topic,
    message: params.message,
    ttlSeconds: params.ttl ?? DEFAULT_TTL_SECONDS,
    tag: params.tag ?? 0,
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

/** The key of a client's publishes in the rate limiter. */
export function publishRateKeyOf(clientId: string): string {
  return `relay:publish:${clientId}`
}

/** Answers with a value, or a promise of one; throws (or rejects with) a RelayRpcError. */
export type RelayMethod = (caller: RelayCaller, params: unknown) => unknown

/** A method of the protocol: its params checked, its answer the protocol's result. */
function method<M extends RelayServedMethod>(
  name: M,
  answer: (caller: RelayCaller, params: RelayParams<M>) => RelayResult<M> | Promise<RelayResult<M>>,
): [M, RelayMethod] {
  const check = RELAY_PARAM_CHECKS[name]
  return [name, (caller, params) => answer(caller, check(params, caller.limits))]
}

export const RELAY_METHODS: ReadonlyMap<string, RelayMethod> = new Map<string, RelayMethod>([
  method('irn_subscribe', (caller, params) => subscribe(caller, [params.topic])[0] as string),
  method('irn_batchSubscribe', (caller, params) => subscribe(caller, params.topics)),
  method('irn_unsubscribe', (caller, params) => {
    caller.hub.unsubscribe(caller.clientId, [params.topic])
    return true
  }),
  method('irn_batchUnsubscribe', (caller, params) => {
    caller.hub.unsubscribe(
      caller.clientId,
      params.subscriptions.map((each) => each.topic),
    )
    return true
  }),
  method('irn_publish', (caller, params) => publish(caller, [publishInput(params)])),
  method('irn_batchPublish', (caller, params) =>
    publish(caller, params.messages.map(publishInput)),
  ),
  method('irn_batchFetchMessages', (caller, params) =>
    caller.hub.fetch(caller.clientId, params.topics, caller.limits.maxFetchAnswerChars),
  ),
  /** The dapp's proposal: published on the pairing topic, which the dapp now listens to. */
  method('wc_proposeSession', (caller, params): Promise<true> => {
    const input: PublishInput = {
      topic: params.pairingTopic,
      message: params.sessionProposal,
      ttlSeconds: params.ttl ?? DEFAULT_TTL_SECONDS,
      tag: params.tag ?? TAG_SESSION_PROPOSE,
    }
    // Checked before anything else, in this turn: a publish that waits has done nothing yet.
    return checkRate(caller, 1, input.message.length).then(async () => {
      subscribe(caller, [params.pairingTopic])
      await caller.hub.publish(caller.clientId, input)
      return true as const
    })
  }),
  /**
   * The wallet's approval: the proposal response on the pairing topic and the settle request on
   * the session topic, which the wallet now listens to.
   */
  method('wc_approveSession', (caller, params): Promise<true> => {
    const ttlSeconds = params.ttl ?? DEFAULT_TTL_SECONDS
    const response: PublishInput = {
      topic: params.pairingTopic,
      message: params.sessionProposalResponse,
      ttlSeconds,
      tag: TAG_SESSION_PROPOSE_RESPONSE,
    }
    const settle: PublishInput = {
      topic: params.sessionTopic,
      message: params.sessionSettlementRequest,
      ttlSeconds,
      tag: TAG_SESSION_SETTLE,
    }
    return checkRate(caller, 2, charsOf([response, settle])).then(async () => {
      subscribe(caller, [params.sessionTopic])
      await Promise.all([
        caller.hub.publish(caller.clientId, response),
        caller.hub.publish(caller.clientId, settle),
      ])
      return true as const
    })
  }),
])
