// 1,000,000 indexed transfers for the history benchmark, made by PostgreSQL itself with
// generate_series (no rows cross the wire). One transfer per transaction, two transactions a
// block, 12 s a block; every 10th sent by one heavy account (100,000 transactions), the rest
// between 100,000 other accounts; ERC-20 (four tokens), native and ERC-721 (two collections,
// one of them spam) transfers.
import type { Database } from '@portico/server/testing'

/** The account with 100,000 transactions: 0x000...0001. */
export const HEAVY_ACCOUNT = `0x${'1'.padStart(40, '0')}`
/** One of the others (a few dozen transactions). */
export const LIGHT_ACCOUNT = `0x${(2 + 4242).toString(16).padStart(40, '0')}`
export const SPAM_COLLECTION = `0x${(2001).toString(16).padStart(40, '0')}`
const FIRST_BLOCK_TIME = 1_700_000_000

const address = (number: string) => `decode(lpad(to_hex(${number}), 40, '0'), 'hex')`

export async function loadHistoryRows(db: Database, transfers = 1_000_000): Promise<void> {
  await db.exec(`
    CREATE TEMP TABLE bench_rows AS
    SELECT i,
           i / 2 AS block_number,
           (i % 2)::int AS tx_index,
           to_timestamp(${FIRST_BLOCK_TIME} + (i / 2) * 12) AS mined_at,
           CASE WHEN i % 10 = 0 THEN 1 ELSE 2 + (i * 7919) % 100000 END AS from_k,
           2 + (i * 104729) % 99991 AS to_k,
           CASE WHEN i % 20 = 5 THEN 2 WHEN i % 5 = 1 THEN 0 ELSE 1 END::int2 AS kind,
           CASE WHEN i % 20 = 5 THEN 2000 + i % 2 ELSE 1000 + i % 4 END AS token_k
    FROM generate_series(1::int8, ${transfers}::int8) AS i;
  `)
  await db.exec(`
    INSERT INTO chain_transactions
      (chain_id, block_number, tx_index, tx_hash, block_hash, mined_at, from_address, to_address, status)
    SELECT 1, block_number, tx_index, sha256(int8send(i)), sha256(int8send(block_number)), mined_at,
           ${address('from_k')}, CASE WHEN kind = 0 THEN ${address('to_k')} ELSE ${address('token_k')} END, 1
    FROM bench_rows;
    INSERT INTO token_transfers
      (chain_id, block_number, tx_index, log_index, batch_index, kind, token, token_id,
       from_address, to_address, amount)
    SELECT 1, block_number, tx_index, CASE WHEN kind = 0 THEN -1 ELSE 0 END, 0, kind,
           CASE WHEN kind = 0 THEN NULL ELSE ${address('token_k')} END,
           CASE WHEN kind = 2 THEN i END,
           ${address('from_k')}, ${address('to_k')},
           CASE WHEN kind = 2 THEN 1 ELSE (i % 1000 + 1) * 1000000000000000 END
    FROM bench_rows;
    -- In key order, and the secondary index built afterwards: a bulk load, not 2,000,000
    -- random B-tree inserts.
    DROP INDEX account_transactions_by_time;
    INSERT INTO account_transactions (address, chain_id, block_number, tx_index, mined_at)
    SELECT ${address('k')}, 1, block_number, tx_index, mined_at
    FROM (
      SELECT from_k AS k, block_number, tx_index, mined_at FROM bench_rows
      UNION ALL
      SELECT to_k, block_number, tx_index, mined_at FROM bench_rows WHERE to_k <> from_k
    ) AS sides
    ORDER BY k, block_number, tx_index;
    CREATE INDEX account_transactions_by_time
      ON account_transactions (address, mined_at, chain_id, block_number, tx_index);
    INSERT INTO token_metadata (chain_id, address, name, symbol, decimals)
    SELECT 1, ${address('k')}, 'Bench Token ' || k, 'BT' || k, 18 FROM generate_series(1000, 1003) AS k
    UNION ALL
    SELECT 1, ${address('k')}, 'Bench Collection ' || k, 'BC' || k, NULL FROM generate_series(2000, 2001) AS k;
    INSERT INTO indexer_checkpoints (chain_id, block_number, block_hash)
    SELECT 1, max(block_number), sha256(int8send(max(block_number))) FROM bench_rows;
    DROP TABLE bench_rows;
    ANALYZE;
  `)
}
