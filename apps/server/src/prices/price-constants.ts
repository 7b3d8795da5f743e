// Limits of the price modules. Ours, not the spec's.

/** A token with no pool may get one: the factory is asked again after this long. */
export const PRICE_NO_PAIR_RECHECK_MS = 60_000
