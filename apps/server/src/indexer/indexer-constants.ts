// The indexer's own numbers (none of them is the spec's), in one place.

/** Blocks read and stored in one batch while catching up (config `indexer.batchBlocks`). */
export const INDEXER_BATCH_BLOCKS = 200
/** Wait between looks at the chain head once caught up (config `indexer.pollIntervalMs`). */
export const INDEXER_POLL_INTERVAL_MS = 1_000
/**
 * Recent block hashes kept per chain to find where a reorg forked. A reorg deeper than this
 * (in practice: a devnet restarted from scratch) makes the chain's rows be indexed again
 * from the first block.
 */
export const INDEXER_REORG_WINDOW = 128
/** First and longest wait after a failed step (unreachable upstream...), doubling between. */
export const INDEXER_RETRY_MIN_MS = 500
export const INDEXER_RETRY_MAX_MS = 30_000
/** Wait before reading a range again when the chain moved while it was read. */
export const INDEXER_CHAIN_MOVED_RETRY_MS = 50
/** Longest wait of a server that is not a chain's leader before it asks again (PostgreSQL). */
export const INDEXER_LEADER_RETRY_MS = 5_000
/** First number of the pg_try_advisory_lock(int, int) pair; the second is the chain id. */
export const INDEXER_LOCK_CLASS_ID = 73_200_112
/** Tokens and NFTs whose metadata is known to be stored, remembered per chain. */
export const INDEXER_KNOWN_METADATA_ENTRIES = 100_000
/** Longest token name or symbol kept; longer ones are cut. */
export const TOKEN_TEXT_MAX_LENGTH = 200
/** Longest NFT image URL kept (data URIs included); a longer one is dropped. */
export const NFT_IMAGE_URL_MAX_LENGTH = 16_384
