// How long the raw tracked events are kept (PORTICO_ANALYTICS_RETENTION_DAYS); the daily rollups
// are kept whatever it says.
import { readInteger } from '../config-integer'
import {
  ANALYTICS_RETENTION_DAYS_DEFAULT,
  ANALYTICS_RETENTION_DAYS_MAX,
} from './analytics-constants'

export interface AnalyticsConfig {
  /** Days a raw event is kept after it arrived. */
  retentionDays: number
}

export function readAnalyticsConfig(env: NodeJS.ProcessEnv): AnalyticsConfig {
  return {
    retentionDays:
      readInteger(
        'PORTICO_ANALYTICS_RETENTION_DAYS',
        env.PORTICO_ANALYTICS_RETENTION_DAYS,
        1,
        ANALYTICS_RETENTION_DAYS_MAX,
      ) ?? ANALYTICS_RETENTION_DAYS_DEFAULT,
  }
}
