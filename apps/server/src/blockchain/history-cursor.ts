// The opaque `next` cursor of the history: the position of a page's last transaction in the
// page order (newest first), and the chain filter it was made under, base64url encoded.
// Decoding is strict: anything but a cursor this server made is an InvalidCursorError.
import { InvalidCursorError } from './history-errors'

export interface HistoryPosition {
  /** Seconds since the epoch. */
  minedAt: number
  chainId: number
  blockNumber: number
  txIndex: number
}

const VERSION = 'h1'
const CURSOR_MAX_LENGTH = 128
const TEXT =
  /^h1\.(\*|[1-9][0-9]{0,15})\.(0|[1-9][0-9]{0,14})\.([1-9][0-9]{0,15})\.(0|[1-9][0-9]{0,15})\.(0|[1-9][0-9]{0,9})$/
const BASE64URL = /^[A-Za-z0-9_-]+$/
const MAX_TX_INDEX = 2 ** 31 - 1

/** `chainFilter`: the EVM chain id the history was asked for, or undefined for all chains. */
export function encodeHistoryCursor(
  position: HistoryPosition,
  chainFilter: number | undefined,
): string {
  const { minedAt, chainId, blockNumber, txIndex } = position
  const text = [VERSION, chainFilter ?? '*', minedAt, chainId, blockNumber, txIndex].join('.')
  return Buffer.from(text, 'utf8').toString('base64url')
}

export function decodeHistoryCursor(
  cursor: string,
  chainFilter: number | undefined,
): HistoryPosition {
  if (cursor.length > CURSOR_MAX_LENGTH || !BASE64URL.test(cursor)) throw new InvalidCursorError()
  const match = TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) throw new InvalidCursorError()
  const [, filter, minedAt, chainId, blockNumber, txIndex] = match.map(Number)
  if (String(chainFilter ?? '*') !== match[1]) throw new InvalidCursorError()
  const position = {
    minedAt: minedAt as number,
    chainId: chainId as number,
    blockNumber: blockNumber as number,
    txIndex: txIndex as number,
  }
  if (
    !Object.values(position).every(Number.isSafeInteger) ||
    position.txIndex > MAX_TX_INDEX ||
    (filter !== undefined && !Number.isNaN(filter) && filter !== position.chainId)
  ) {
    throw new InvalidCursorError()
  }
  return position
}
