// The token balance of the spec (section 3) is the modal's too: it lives in @portico/protocol.
export type { TokenBalance } from '@portico/protocol/token-balance'
