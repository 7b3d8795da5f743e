// The token balance (docs/product.md#token-balance) is the modal's too: it is in @portico/protocol.
// The server always writes the token's CAIP-10 id (the modal also shows balances without one).
import type { TokenBalance as ApiTokenBalance } from '@portico/protocol/token-balance'

export type TokenBalance = ApiTokenBalance & { address: string }
