// The frame's own numbers (the spec names none of these), in one place.

/**
 * How long the confirm must have been in full view, without a break, before Approve turns on:
 * longer than a page needs to slip the frame under a click, shorter than anyone reads a request.
 */
export const APPROVE_ENABLE_DELAY_MS = 500

/** IntersectionObserver v2's `delay`, the time between its visibility checks (100 at least). */
export const VISIBILITY_CHECK_DELAY_MS = 100
