// The shape of every error answer, `{ error: { code, message } }`, as a JSON schema for the
// routes' answer schemas.

export interface ErrorAnswer {
  error: { code: string; message: string }
}

export const errorAnswerSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  },
} as const

/** Spread into a route's `response` schema. */
export const errorResponses = { '4xx': errorAnswerSchema, '5xx': errorAnswerSchema } as const
