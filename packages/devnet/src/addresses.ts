// Where the devnet's contracts live, on every run and every chain: the deployer's nonce order
// (deploy.ts) and Uniswap's CREATE2 pair derivation fix them. addresses.test.ts recomputes them
// and devnet.test.ts checks a real deployment against them.
import type { Address } from 'viem'
import type { DevnetDeployment } from './deployment'

export const DEVNET_CONTRACTS = {
  weth: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  uniswapV2Factory: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
  uniswapV2Router: '0xb19b36b1456E65E3A6D514D3F715f204BD59f431',
  usdc: '0x8ce361602B935680E8DeC218b820ff5056BeB7af',
  token: '0xe1Aa25618fA0c7A1CFDab5d6B456af611873b629',
  nft: '0xe1DA8919f262Ee86f9BE05059C9280142CF23f48',
  spamNft: '0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba',
  badges: '0xeD1DB453C3156Ff3155a97AD217b3087D5Dc5f6E',
  idRegistry: '0xf7Cd8fa9b94DB2Aa972023b379c7f72c65E4De9D',
} as const satisfies DevnetDeployment

/** The seeded Uniswap V2 pools (they exist only when the devnet was seeded). */
export const DEVNET_PAIRS = {
  wethUsdc: '0xf0244310E03cC35D218642368fdE847AFcdf7129',
  tokenUsdc: '0x2f3CF748DE11EE8176a57eF8A462b092F57D0a40',
} as const satisfies Record<string, Address>

/** keccak256 of the published UniswapV2Pair creation code; the router hard-codes the same. */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'
