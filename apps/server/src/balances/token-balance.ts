// The token balance of the spec (section 3) is the modal's too: it lives in @portico/protocol.
// The server always writes the token's CAIP-10 id (the modal also shows balances without one).
import type { TokenBalance as ApiTokenBalance } from '@portico/protocol/token-balance'

export type TokenBalance = ApiTokenBalance & { address: string }
