// Each method's params, checked by hand (relay-params.ts) and typed by the protocol's schemas
// (@portico/protocol/relay-methods): a check answers the params as the method's RelayParams, or
// throws the RelayRpcError the client gets. The limits are the relay's settings; the shapes are
// the protocol's, and relay-method-params.test.ts holds these checks equal to its schemas.
import type { RelayParams } from '@portico/protocol/relay-methods'
import type { RelayLimits } from './relay-config'
import {
  list,
  message,
  object,
  optionalSubscriptionId,
  type Params,
  tag,
  topic,
  topicList,
  ttl,
} from './relay-params'

/** The methods our relay answers; the protocol's others get "Method not found". */
export type RelayServedMethod =
  | 'irn_publish'
  | 'irn_batchPublish'
  | 'irn_subscribe'
  | 'irn_batchSubscribe'
  | 'irn_unsubscribe'
  | 'irn_batchUnsubscribe'
  | 'irn_batchFetchMessages'
  | 'wc_proposeSession'
  | 'wc_approveSession'

type ParamCheck<M extends RelayServedMethod> = (
  params: unknown,
  limits: RelayLimits,
) => RelayParams<M>

/** In this order: the first field that fails names the refusal. */
function publishParams(given: Params, limits: RelayLimits): RelayParams<'irn_publish'> {
  topic(given, 'topic')
  message(given, 'message', limits.maxMessageChars)
  ttl(given)
  tag(given)
  return given as RelayParams<'irn_publish'>
}

function unsubscribeParams(given: Params): RelayParams<'irn_unsubscribe'> {
  optionalSubscriptionId(given, 'id')
  topic(given, 'topic')
  return given as RelayParams<'irn_unsubscribe'>
}

function topicParams(params: unknown): RelayParams<'irn_subscribe'> {
  const given = object(params)
  topic(given, 'topic')
  return given as RelayParams<'irn_subscribe'>
}

function topicsParams(params: unknown, limits: RelayLimits): RelayParams<'irn_batchSubscribe'> {
  const given = object(params)
  topicList(given, 'topics', limits.maxTopicsPerClient)
  return given as RelayParams<'irn_batchSubscribe'>
}

export const RELAY_PARAM_CHECKS: { readonly [M in RelayServedMethod]: ParamCheck<M> } = {
  irn_publish: (params, limits) => publishParams(object(params), limits),
  irn_batchPublish: (params, limits) => {
    const given = object(params)
    // A longer batch could never pass the client's rate.
    const entries = list(given, 'messages', limits.publishesPerSecond)
    for (const entry of entries) publishParams(object(entry, 'messages[]'), limits)
    return given as RelayParams<'irn_batchPublish'>
  },
  irn_subscribe: topicParams,
  irn_batchSubscribe: topicsParams,
  irn_unsubscribe: (params) => unsubscribeParams(object(params)),
  irn_batchUnsubscribe: (params, limits) => {
    const given = object(params)
    const entries = list(given, 'subscriptions', limits.maxTopicsPerClient)
    for (const entry of entries) unsubscribeParams(object(entry, 'subscriptions[]'))
    return given as RelayParams<'irn_batchUnsubscribe'>
  },
  irn_batchFetchMessages: topicsParams,
  wc_proposeSession: (params, limits) => {
    const given = object(params)
    topic(given, 'pairingTopic')
    message(given, 'sessionProposal', limits.maxMessageChars)
    ttl(given)
    tag(given)
    return given as RelayParams<'wc_proposeSession'>
  },
  wc_approveSession: (params, limits) => {
    const given = object(params)
    topic(given, 'pairingTopic')
    topic(given, 'sessionTopic')
    ttl(given)
    message(given, 'sessionProposalResponse', limits.maxMessageChars)
    message(given, 'sessionSettlementRequest', limits.maxMessageChars)
    return given as RelayParams<'wc_approveSession'>
  },
}
