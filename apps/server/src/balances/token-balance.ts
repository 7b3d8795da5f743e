// The token balance (docs/product.md#token-balance) is the modal's too: it is in @portico/protocol.
// The server always writes the token's CAIP-10 id (the modal also shows balances without one).
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { TokenBalance as ApiTokenBalance } from '@portico/protocol/token-balance'
import { formatUnits } from 'viem'
import { tokenIconPath } from '../tokens/token-icon'
import type { TokenMetadata } from '../tokens/token-metadata'

/** A balance as the server writes it: the protocol's, its token's CAIP-10 id always there. */
export type AddressedTokenBalance = ApiTokenBalance & { address: string }

/** One entry of an answer: the amount in whole units, priced when a price is known. */
export function tokenBalance(
  chainId: CaipNetworkId,
  address: string,
  metadata: Pick<TokenMetadata, 'name' | 'symbol' | 'decimals'>,
  amount: bigint,
  price: number | undefined,
): AddressedTokenBalance {
  const numeric = formatUnits(amount, metadata.decimals)
  return {
    name: metadata.name,
    symbol: metadata.symbol,
    chainId,
    address: `${chainId}:${address}`,
    ...(price === undefined ? {} : { value: Number(numeric) * price, price }),
    quantity: { decimals: String(metadata.decimals), numeric },
    iconUrl: tokenIconPath(metadata.symbol),
  }
}
