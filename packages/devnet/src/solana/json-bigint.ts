// Solana's JSON carries u64 values as bare numbers (lamports, rent epochs) that may pass 2^53;
// @solana/kit parses them into bigints. Our values are bigints, written out as bare digits.
const MARK = '\u0000bigint:'

export function stringifyWithBigInts(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${MARK}${item}` : item,
  ).replace(/"\\u0000bigint:(-?\d+)"/g, '$1')
}
