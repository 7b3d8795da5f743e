// The WalletConnect relay's JSON-RPC methods (irn_*, and the two wc_* calls sign-client makes
// to pair in one round trip): each method's params and result, once. The server's relay checks
// every frame against these shapes (apps/server/src/relay/relay-method-params.ts, held equal to
// them by a test) and answers these results; the SDKs on the browser side speak the same.
// Params objects are open: the SDKs add members of their own (prompt, correlationId, ...) that
// the relay does not read.
import { type Static, Type } from 'typebox'
import {
  RELAY_MAX_TAG,
  RELAY_MAX_TTL_SECONDS,
  RELAY_MESSAGE_PATTERN,
  RELAY_MIN_TTL_SECONDS,
  RELAY_TOPIC_PATTERN,
} from './relay-bounds'

export const RelayTopic = Type.String({ pattern: RELAY_TOPIC_PATTERN })
/** sha256(topic + client id) in hex, as the SDK computes it too. */
export const RelaySubscriptionId = Type.String({ pattern: RELAY_TOPIC_PATTERN })
/** Not held to base64: the SDKs send base64 envelopes, but the relay depends on none of it. */
export const RelayMessageText = Type.String({ minLength: 1, pattern: RELAY_MESSAGE_PATTERN })
/** Seconds. Absent (or null) means the SDK's default for a publish, five minutes. */
export const RelayTtl = Type.Union([
  Type.Integer({ minimum: RELAY_MIN_TTL_SECONDS, maximum: RELAY_MAX_TTL_SECONDS }),
  Type.Null(),
])
export const RelayTag = Type.Union([
  Type.Integer({ minimum: 0, maximum: RELAY_MAX_TAG }),
  Type.Null(),
])

export const RelayPublishParams = Type.Object({
  topic: RelayTopic,
  message: RelayMessageText,
  ttl: Type.Optional(RelayTtl),
  tag: Type.Optional(RelayTag),
})
export type RelayPublishParams = Static<typeof RelayPublishParams>

export const RelayBatchPublishParams = Type.Object({ messages: Type.Array(RelayPublishParams) })
export type RelayBatchPublishParams = Static<typeof RelayBatchPublishParams>

export const RelayTopicParams = Type.Object({ topic: RelayTopic })
/** irn_subscribe and irn_fetchMessages. */
export type RelayTopicParams = Static<typeof RelayTopicParams>

export const RelayTopicsParams = Type.Object({ topics: Type.Array(RelayTopic) })
/** irn_batchSubscribe and irn_batchFetchMessages. */
export type RelayTopicsParams = Static<typeof RelayTopicsParams>

/** The id, when given, is the subscription id the relay answered to the subscribe. */
export const RelayUnsubscribeParams = Type.Object({
  topic: RelayTopic,
  id: Type.Optional(RelaySubscriptionId),
})
export type RelayUnsubscribeParams = Static<typeof RelayUnsubscribeParams>

export const RelayBatchUnsubscribeParams = Type.Object({
  subscriptions: Type.Array(RelayUnsubscribeParams),
})
export type RelayBatchUnsubscribeParams = Static<typeof RelayBatchUnsubscribeParams>

/** A client's receipt of a message it fetched (`message_id`: its sha256, hex). */
export const RelayBatchReceiveParams = Type.Object({
  receipts: Type.Array(
    Type.Object({ topic: RelayTopic, message_id: Type.String({ pattern: RELAY_TOPIC_PATTERN }) }),
  ),
})
export type RelayBatchReceiveParams = Static<typeof RelayBatchReceiveParams>

/** A message as a subscriber receives it, delivered or fetched. */
export const RelayDeliveredMessage = Type.Object({
  topic: RelayTopic,
  message: Type.String(),
  /** Milliseconds since the epoch. */
  publishedAt: Type.Integer(),
  tag: Type.Integer({ minimum: 0, maximum: RELAY_MAX_TAG }),
  /** Empty from our relay, so the SDK asks no verify service about the message. */
  attestation: Type.Optional(Type.String()),
})
export type RelayDeliveredMessage = Static<typeof RelayDeliveredMessage>

export const RelayFetchResult = Type.Object({
  messages: Type.Array(RelayDeliveredMessage),
  /** More are waiting: the client fetches again. */
  hasMore: Type.Boolean(),
})
export type RelayFetchResult = Static<typeof RelayFetchResult>

/** The relay's delivery to a subscriber; the subscriber answers `true`. */
export const RelaySubscriptionParams = Type.Object({
  id: RelaySubscriptionId,
  data: RelayDeliveredMessage,
})
export type RelaySubscriptionParams = Static<typeof RelaySubscriptionParams>

/** The dapp's proposal, published on the pairing topic (tag 1100 unless given). */
export const WcProposeSessionParams = Type.Object({
  pairingTopic: RelayTopic,
  sessionProposal: RelayMessageText,
  ttl: Type.Optional(RelayTtl),
  tag: Type.Optional(RelayTag),
})
export type WcProposeSessionParams = Static<typeof WcProposeSessionParams>

/** The wallet's answer to a proposal and its session settle request, in one call. */
export const WcApproveSessionParams = Type.Object({
  pairingTopic: RelayTopic,
  sessionTopic: RelayTopic,
  sessionProposalResponse: RelayMessageText,
  sessionSettlementRequest: RelayMessageText,
  ttl: Type.Optional(RelayTtl),
})
export type WcApproveSessionParams = Static<typeof WcApproveSessionParams>

const Acknowledged = Type.Literal(true)

/**
 * Every method with its params and result. irn_fetchMessages and irn_batchReceive are the
 * spec's; our relay answers them "Method not found" today (the SDKs we serve use the batch
 * fetch and acknowledge deliveries one by one).
 */
export const RELAY_METHOD_SHAPES = {
  irn_publish: { params: RelayPublishParams, result: Acknowledged },
  irn_batchPublish: { params: RelayBatchPublishParams, result: Acknowledged },
  irn_subscribe: { params: RelayTopicParams, result: RelaySubscriptionId },
  irn_batchSubscribe: { params: RelayTopicsParams, result: Type.Array(RelaySubscriptionId) },
  irn_unsubscribe: { params: RelayUnsubscribeParams, result: Acknowledged },
  irn_batchUnsubscribe: { params: RelayBatchUnsubscribeParams, result: Acknowledged },
  irn_fetchMessages: { params: RelayTopicParams, result: RelayFetchResult },
  irn_batchFetchMessages: { params: RelayTopicsParams, result: RelayFetchResult },
  irn_batchReceive: { params: RelayBatchReceiveParams, result: Acknowledged },
  irn_subscription: { params: RelaySubscriptionParams, result: Acknowledged },
  wc_proposeSession: { params: WcProposeSessionParams, result: Acknowledged },
  wc_approveSession: { params: WcApproveSessionParams, result: Acknowledged },
} as const

export type RelayMethodName = keyof typeof RELAY_METHOD_SHAPES
export type RelayParams<M extends RelayMethodName> = Static<
  (typeof RELAY_METHOD_SHAPES)[M]['params']
>
export type RelayResult<M extends RelayMethodName> = Static<
  (typeof RELAY_METHOD_SHAPES)[M]['result']
>
