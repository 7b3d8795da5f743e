// The opaque `next` cursor of an account's NFTs: the last (contract, token id) of a page in the
// page order, and the chain it was made for, base64url encoded. Decoding is strict: anything
// but a cursor this server made for the same chain is an InvalidCursorError.
import { InvalidCursorError } from './history-errors'

export interface NftPosition {
  /** Lowercase 0x-hex. */
  contract: string
  /** Decimal uint256. */
  tokenId: string
}

const VERSION = 'n1'
const CURSOR_MAX_LENGTH = 200
const TEXT = /^n1\.([1-9][0-9]{0,15})\.(0x[0-9a-f]{40})\.(0|[1-9][0-9]{0,77})$/
const BASE64URL = /^[A-Za-z0-9_-]+$/
const UINT256_MAX = 2n ** 256n - 1n

export function encodeNftCursor(position: NftPosition, chainId: number): string {
  const text = [VERSION, chainId, position.contract, position.tokenId].join('.')
  return Buffer.from(text, 'utf8').toString('base64url')
}

export function decodeNftCursor(cursor: string, chainId: number): NftPosition {
  if (cursor.length > CURSOR_MAX_LENGTH || !BASE64URL.test(cursor)) throw new InvalidCursorError()
  const match = TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match || Number(match[1]) !== chainId) throw new InvalidCursorError()
  const [, , contract, tokenId] = match as unknown as [string, string, string, string]
  if (BigInt(tokenId) > UINT256_MAX) throw new InvalidCursorError()
  return { contract, tokenId }
}
