// Reads an NFT's name and image from its metadata URI when the metadata is on chain (a
// `data:application/json` URI, as the devnet's collections and many on-chain ones have).
// Remote metadata (https, ipfs) is not fetched: the server calls no host but its chains.
import { NFT_IMAGE_URL_MAX_LENGTH, TOKEN_TEXT_MAX_LENGTH } from './indexer-constants'

export interface NftMetadata {
  name: string | null
  imageUrl: string | null
}

const NONE: NftMetadata = { name: null, imageUrl: null }
const JSON_DATA_URI = /^data:application\/json(;[^,]*)?,/i
const IMAGE_URL = /^(data:image\/|https:\/\/|http:\/\/|ipfs:\/\/)/i

function jsonOf(uri: string): unknown {
  const match = JSON_DATA_URI.exec(uri)
  if (!match) return undefined
  const payload = uri.slice(match[0].length)
  const text = (match[1] ?? '').toLowerCase().includes(';base64')
    ? Buffer.from(payload, 'base64').toString('utf8')
    : decodeURIComponent(payload)
  return JSON.parse(text)
}

export function readNftMetadataUri(uri: string | null): NftMetadata {
  if (!uri) return NONE
  let metadata: unknown
  try {
    metadata = jsonOf(uri)
  } catch {
    return NONE
  }
  if (!metadata || typeof metadata !== 'object') return NONE
  const { name, image } = metadata as { name?: unknown; image?: unknown }
  return {
    name: typeof name === 'string' && name !== '' ? name.slice(0, TOKEN_TEXT_MAX_LENGTH) : null,
    imageUrl:
      typeof image === 'string' && image.length <= NFT_IMAGE_URL_MAX_LENGTH && IMAGE_URL.test(image)
        ? image
        : null,
  }
}
