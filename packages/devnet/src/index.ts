// @portico/devnet: local EVM chains with the Portico contracts deployed and seeded.
export {
  freeClaimRewardsAbi,
  idRegistryAbi,
  porticoBadgesAbi,
  porticoExplorersAbi,
  porticoTokenAbi,
  porticoUsdAbi,
} from './abis/portico-contracts'
export { uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from './abis/uniswap-v2'
export {
  DEPLOYER,
  DEPLOYER_ACCOUNT_INDEX,
  DEV_ACCOUNTS,
  DEVNET_MNEMONIC,
  type DevAccount,
} from './accounts'
export { DEVNET_CONTRACTS, DEVNET_PAIRS, UNISWAP_V2_PAIR_INIT_CODE_HASH } from './addresses'
export { type Anvil, type AnvilOptions, freePort, startAnvil } from './anvil'
export {
  DEFAULT_DEVNET_CHAINS,
  DEVNET_CHAIN_NAMES,
  type DevnetChainOptions,
  devnetChainName,
} from './constants'
export type { DevnetContractName, DevnetDeployment } from './deployment'
export { type Devnet, type DevnetChain, type StartDevnetOptions, startDevnet } from './devnet'
export {
  type IdentityProviderOptions,
  type RunningIdentityProvider,
  type StandInEndpoints,
  type StandInName,
  type StandInSite,
  socialLoginEnv,
  startIdentityProvider,
} from './identity-provider'
export {
  type CaughtMail,
  type MailCatcher,
  type MailCatcherOptions,
  startMailCatcher,
} from './mail-catcher'
export {
  type DevnetManifest,
  devnetManifest,
  readDevnetManifest,
  writeDevnetManifest,
} from './manifest'
export {
  ACCOUNT_0_HOLDINGS,
  SEEDED_ERC20,
  SEEDED_FIDS,
  SEEDED_NFTS,
  SEEDED_POOLS,
  SEEDED_SWAP,
  SEEDED_TRANSFERS,
  type SeededBadge,
  type SeededTransfer,
  TOKEN_DECIMALS,
  USDC_DECIMALS,
} from './seed-plan'
