// For the Send tests of core and react: the tokens a send draft is prefilled with, as the balance
// route answers them (no price: a draft needs none), one place for the amounts the tests' figures
// follow from: the account holds 1.5 ETH and 10,000 USDC.
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'
import type { TokenBalance } from '@portico/protocol/token-balance'

export const sendTokens: { eth: TokenBalance; usdc: TokenBalance } = {
  eth: {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:1',
    address: `eip155:1:${NATIVE_TOKEN_ADDRESS}`,
    quantity: { decimals: '18', numeric: '1.5' },
    iconUrl: '',
  },
  usdc: {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:1',
    address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
    quantity: { decimals: '6', numeric: '10000' },
    iconUrl: '',
  },
}
