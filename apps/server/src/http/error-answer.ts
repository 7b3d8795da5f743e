// Every route answers a refusal as `{ error: { code, message } }`: the shape is the contract's
// (@portico/protocol/error-answer), spread into a route's `response` schema here.
import { ErrorAnswer } from '@portico/protocol/error-answer'

/** Spread into a route's `response` schema. */
export const errorResponses = { '4xx': ErrorAnswer, '5xx': ErrorAnswer } as const
