// For the swap tests of core and react: the two tokens a swap moves and the balances the
// account holds of them, typed as our server's convert and balance routes answer them, so a change
// of those shapes breaks the tests that stand in for the server.
import type { ConvertToken } from '@portico/protocol/convert'
import { CONVERT_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/convert-slippage'
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'
import type { TokenBalance } from '@portico/protocol/token-balance'

const USDC_ADDRESS = '0x8ce361602B935680E8DeC218b820ff5056BeB7af'
/** The Uniswap V2 router the swap transactions and approvals go to. */
export const ROUTER = '0xb19b36b1456E65E3A6D514D3F715f204BD59f431'

export const ethToken: ConvertToken = {
  name: 'Ether',
  symbol: 'ETH',
  address: `eip155:1:${CONVERT_NATIVE_TOKEN_ADDRESS}`,
  decimals: 18,
  logoUri: '',
}
export const usdcToken: ConvertToken = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: `eip155:1:${USDC_ADDRESS}`,
  decimals: 6,
  logoUri: '',
}

export const balances: TokenBalance[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:1',
    address: `eip155:1:${NATIVE_TOKEN_ADDRESS}`,
    price: 3000,
    quantity: { decimals: '18', numeric: '1.5' },
    iconUrl: '',
  },
  {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:1',
    address: `eip155:1:${USDC_ADDRESS}`,
    price: 1,
    quantity: { decimals: '6', numeric: '10000' },
    iconUrl: '',
  },
]
