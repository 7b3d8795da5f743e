// JSON schemas of the auth answers: the spec's Authentication session (section 3) with its id.

export const authSessionSchema = {
  type: 'object',
  required: ['id', 'data', 'message', 'signature'],
  properties: {
    id: { type: 'string' },
    data: {
      type: 'object',
      required: ['accountAddress', 'chainId', 'uri', 'version', 'nonce', 'domain'],
      properties: {
        accountAddress: { type: 'string' },
        chainId: { type: 'string' },
        uri: { type: 'string' },
        version: { type: 'string' },
        expirationTime: { type: 'string' },
        issuedAt: { type: 'string' },
        notBefore: { type: 'string' },
        nonce: { type: 'string' },
        domain: { type: 'string' },
        requestId: { type: 'string' },
        resources: { type: 'array', items: { type: 'string' } },
        statement: { type: 'string' },
      },
    },
    message: { type: 'string' },
    signature: { type: 'string' },
    cacao: { type: 'object', additionalProperties: true },
  },
} as const

/** Every auth route is project scoped: `?projectId=` (checked by the project guard). */
export const projectQuerySchema = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: { type: 'string', maxLength: 64 } },
} as const
