// Limits of the balance modules. Ours, not the spec's (its cache lifetimes are in ../constants.ts).

/** Most received token contracts taken from the indexer for one balance answer. */
export const RECEIVED_TOKENS_MAX = 200
/** How far back in an address's transactions received tokens are looked for. */
export const RECEIVED_TOKENS_SCAN_TRANSACTIONS = 10_000
