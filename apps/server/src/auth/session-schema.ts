// The schemas the auth routes share: docs/product.md#authentication-session with its
// id, from @portico/protocol, and the project-scoped query.
import { Type } from '@fastify/type-provider-typebox'

export { AuthSession as authSessionSchema } from '@portico/protocol/auth'

/** Every auth route is project scoped: `?projectId=` (checked by the project guard). */
export const projectQuerySchema = Type.Object({ projectId: Type.String({ maxLength: 64 }) })
