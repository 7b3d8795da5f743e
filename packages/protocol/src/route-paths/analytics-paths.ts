// The tracked events' batches (docs/product.md#tracking-events): the modal's analytics chunk posts
// them, the server stores them.
export const ANALYTICS_EVENTS_PATH = '/analytics/v1/events'
