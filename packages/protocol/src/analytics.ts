// The tracked events' batch (POST /analytics/v1/events): a batch id (UUID, so a replayed batch is
// stored once) and up to ANALYTICS_BATCH_MAX_EVENTS events, each a tracked name, when it
// happened (ms since the epoch, the client's clock) and the spec's properties `network` and
// `isSmartAccount` with how the visitor connects (`method`) and the wallet's name. Nothing else:
// unknown fields are refused. Answered 202 { stored } with how many events were new.
import { type Static, Type } from 'typebox'
import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_NETWORK_MAX_LENGTH,
  ANALYTICS_WALLET_MAX_LENGTH,
  CONNECT_METHODS,
} from './analytics-events'
import { StringEnum } from './schema-forms'
import { TELEMETRY_TIMESTAMP_MAX_MS } from './telemetry-limits'

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'

export const AnalyticsEventProperties = Type.Object(
  {
    /** The active network, CAIP-2. */
    network: Type.Optional(
      Type.String({
        pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$',
        maxLength: ANALYTICS_NETWORK_MAX_LENGTH,
      }),
    ),
    isSmartAccount: Type.Optional(Type.Boolean()),
    method: Type.Optional(StringEnum([...CONNECT_METHODS])),
    wallet: Type.Optional(Type.String({ minLength: 1, maxLength: ANALYTICS_WALLET_MAX_LENGTH })),
  },
  { additionalProperties: false },
)
export type AnalyticsEventProperties = Static<typeof AnalyticsEventProperties>

export const AnalyticsEvent = Type.Object(
  {
    event: StringEnum([...ANALYTICS_EVENT_NAMES]),
    timestamp: Type.Integer({ minimum: 0, maximum: TELEMETRY_TIMESTAMP_MAX_MS }),
    properties: AnalyticsEventProperties,
  },
  { additionalProperties: false },
)
export type AnalyticsEvent = Static<typeof AnalyticsEvent>

export const AnalyticsBatch = Type.Object(
  {
    batchId: Type.String({ pattern: UUID }),
    events: Type.Array(AnalyticsEvent, { minItems: 1, maxItems: ANALYTICS_BATCH_MAX_EVENTS }),
  },
  { additionalProperties: false },
)
export type AnalyticsBatch = Static<typeof AnalyticsBatch>

export const AnalyticsBatchStored = Type.Object({
  /** Events of the batch that were new (0 for a replay). */
  stored: Type.Integer({ minimum: 0 }),
})
export type AnalyticsBatchStored = Static<typeof AnalyticsBatchStored>
