// Base58 is shared with the modal: it lives in @portico/protocol.
export { decodeBase58, encodeBase58 } from '@portico/protocol/base58'
