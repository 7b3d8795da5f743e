// Routes no browser chunk of the modal calls, except error events: liveness, error events and
// the operator's admin group.

/** Liveness and readiness (docs/product.md#sign-in-and-relay-ours). */
export const HEALTH_PATH = '/health'
export const HEALTH_READY_PATH = '/health/ready'

/** Error events (docs/product.md#error-telemetry). */
export const TELEMETRY_EVENT_PATH = '/e'

/** The admin group's prefix and its routes, relative to it (the server registers the group). */
export const ADMIN_PREFIX = '/admin'
export const ADMIN_PROJECTS_PATH = '/projects'
export const ADMIN_PROJECT_ORIGINS_PATH = '/projects/:id/origins'
export const ADMIN_PROJECT_ORIGINS_REMOVE_PATH = '/projects/:id/origins/remove'
