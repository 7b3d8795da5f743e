// The query every auth route shares; the bodies and answers are the contract's
// (@portico/protocol/auth).
import { Type } from '@fastify/type-provider-typebox'

/** Every auth route is project scoped: `?projectId=` (checked by the project guard). */
export const projectQuerySchema = Type.Object({ projectId: Type.String({ maxLength: 64 }) })
