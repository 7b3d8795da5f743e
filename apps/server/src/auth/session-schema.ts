// The query every auth route shares, the protocol's (the bodies and answers are too:
// @portico/protocol/auth).
import { AuthProjectQuery } from '@portico/protocol/auth'

/** Every auth route is project scoped: `?projectId=` (checked by the project guard). */
export const projectQuerySchema = AuthProjectQuery
