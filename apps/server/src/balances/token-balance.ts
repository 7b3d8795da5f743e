// The token balance of the spec (section 3): name, symbol, chainId, address, value, price,
// quantity {decimals, numeric}, iconUrl. `address` is the token's CAIP-10 id (the native coin's
// is ERC-7528's 0xEeee...EEeE); `quantity.numeric` is the amount in whole units as a decimal
// string, `quantity.decimals` the token's decimals, also a string. `price` (USD per unit) and
// `value` (quantity x price) are absent when no source prices the token.
import type { CaipNetworkId } from '../chains/chain-id'

export interface TokenBalance {
  name: string
  symbol: string
  chainId: CaipNetworkId
  address: string
  value?: number
  price?: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

export const tokenBalanceSchema = {
  type: 'object',
  required: ['name', 'symbol', 'chainId', 'address', 'quantity', 'iconUrl'],
  properties: {
    name: { type: 'string' },
    symbol: { type: 'string' },
    chainId: { type: 'string' },
    address: { type: 'string' },
    value: { type: 'number' },
    price: { type: 'number' },
    quantity: {
      type: 'object',
      required: ['decimals', 'numeric'],
      properties: { decimals: { type: 'string' }, numeric: { type: 'string' } },
    },
    iconUrl: { type: 'string' },
  },
} as const
