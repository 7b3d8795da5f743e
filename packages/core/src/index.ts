// @portico/core's public surface, named one by one so that what a host (and @portico/react)
// may rely on is read here, and a module's new export stays internal until it is listed. It
// lists what @portico/react, our apps and the examples import and what docs/host-guide.md tells
// a host to use, nothing more: each name here is a promise to hosts.

export { NAME_RULE_MESSAGE, NAME_ZONE } from '@portico/protocol/profile-name'
export { fetchHistoryPage } from './actions/account-history'
export { loadAccountName } from './actions/account-name'
export { fetchNftsPage } from './actions/account-nfts'
export { fetchAccountTokens } from './actions/account-tokens'
export {
  loadConnectedAccountName,
  lookUpAddressName,
  requestAddressNames,
} from './actions/address-names'
export {
  emailCooldownSeconds,
  preloadEmbeddedWallet,
  resendEmailLoginCode,
  startEmailLogin,
  startEmailUpdate,
  startKeyExport,
  verifyEmailLoginCode,
  verifyEmailUpdatePrimary,
  verifyEmailUpdateSecondary,
  verifyKeyExport,
} from './actions/embedded-wallet-email'
export { farcasterLoginStore, startFarcasterLogin } from './actions/farcaster-login'
export {
  followOnrampPurchase,
  loadOnrampOptions,
  onrampTarget,
  quoteOnramp,
  startOnrampPurchase,
} from './actions/onramp-flow'
export { isReceiverName, typeReceiver } from './actions/receiver-name'
export { registerAccountName, typedName } from './actions/register-name'
export { estimateSendFee, fillMaxSendAmount, sendDraftTransaction } from './actions/send-flow'
export {
  focusSocialLoginWindow,
  type ServerSocialProvider,
  startSocialLogin,
} from './actions/social-login'
export {
  currentSocialEnvironment,
  offeredSocialProviders,
  SOCIAL_PROVIDER_TITLES,
} from './actions/social-login-providers'
export { checkSwapAllowance } from './actions/swap-allowance'
export {
  balanceOf,
  formatSwapRate,
  minimumReceived,
  networkFee,
  SWAP_GAS_ESTIMATE,
  swapDraftError,
  swapRate,
  unitsText,
} from './actions/swap-figures'
export { executeSwap } from './actions/swap-flow'
export { fillMaxSwapAmount } from './actions/swap-max'
export { cancelSwapQuote, requestSwapQuote, SWAP_QUOTE_DEBOUNCE_MS } from './actions/swap-quote'
export { loadSwapTokens } from './actions/swap-tokens'
export { transactionLink } from './actions/transaction-link'
export type {
  ChainAccount,
  ChainAdapter,
  ChainAdapterFor,
  ChainTransfer,
} from './adapters/chain-adapter'
export { EMBEDDED_WALLET_CONNECTOR_ID } from './adapters/evm/embedded-wallet-connector'
export type { WalletConnectProvider } from './adapters/evm/wallet-connect-connector'
export { startAnalytics } from './analytics/start-analytics'
export {
  findNativeBalance,
  NATIVE_TOKEN_ADDRESS,
  type TokenBalance,
  type TransactionHistoryItem,
} from './api/blockchain'
export { createConvertApi, type SwapToken } from './api/convert'
export { createHttpClient } from './api/http'
export type { NameSuggestion } from './api/names'
export type { OnrampOrder } from './api/onramp'
export { createPorticoApi, type PorticoApi } from './api/portico-api'
export type { ModalWallet, WalletsApi } from './api/wallets'
export { createPorticoClient, type PorticoClient } from './client/create-portico-client'
export { porticoApiFor, withApi } from './client/portico-api-for'
export {
  type DeepLinkOption,
  deepLinkOptions,
  detectPlatform,
  downloadLinks,
} from './connectors/wallet-connect/deep-links'
export { prefetchWalletConnectSdk } from './connectors/wallet-connect/universal-provider-prefetch'
export {
  openDeepLink,
  openWalletConnect,
  renewPairingOnExpiry,
  resetWalletConnectFlow,
  startWalletConnect,
} from './connectors/wallet-connect/wallet-connect-flow'
export {
  ensureWalletConnectConnector,
  preloadWalletConnectSdk,
} from './connectors/wallet-connect/wallet-connect-setup'
export {
  BORDER_RADIUS_MASTER,
  FONT_SIZE_MASTER,
  HEADER_TEXT_ANIMATION_MS,
  MODAL_HEIGHT_ANIMATION_MS,
  MODAL_WIDTH_PX,
  MODAL_Z_INDEX,
  PHONE_MAX_WIDTH_PX,
  VIEW_TRANSITION_MS,
} from './constants'
export { disconnectFailureMessage } from './errors/disconnect-failure-message'
export { PorticoError } from './errors/portico-error'
export { shortMessageOf } from './errors/short-message-of'
export {
  type SwitchNetworkFailure,
  switchNetworkFailure,
} from './errors/switch-network-failure'
export { type PorticoEvent, type PorticoEventName, subscribeEvents } from './events/events'
export {
  activityCounterparty,
  activityCounterpartyAddress,
} from './format/activity-counterparty'
export { shortAddress } from './format/address'
export { formatAmount, formatFiat } from './format/number'
export {
  arbitrum,
  avalanche,
  base,
  type CaipNetwork,
  type EvmNetwork,
  explorerTransactionUrl,
  mainnet,
  optimism,
  polygon,
  type SolanaNetwork,
  solana,
  solanaDevnet,
  solanaTestnet,
} from './networks'
export { featureAllowsView } from './options/feature-views'
export {
  DefaultNetworkNotFoundError,
  InvalidOptionsError,
  ProjectIdNotConfiguredError,
} from './options/option-errors'
export type {
  CustomWallet,
  LogLevel,
  PorticoFeatures,
  PorticoMetadata,
  PorticoOptions,
  SocialProvider,
} from './options/option-types'
export { createServerSiwx, type ServerSiwxOptions } from './siwx/create-server-siwx'
export {
  cancelSignMessage,
  configureSignIn,
  isSignInRequired,
  requestSignMessage,
} from './siwx/sign-in-flow'
export type { SiweConfig, SiwxConfig, SiwxMessageData, SiwxSession } from './siwx/siwx-types'
export {
  type AccountTab,
  accountStore,
  clearAccount,
  type NamespaceAccount,
  setAccountTab,
  updateAccount,
} from './state/account'
export {
  activeNamespaceAccount,
  getActiveChainAccount,
  getActiveNamespace,
  requireActiveChainAccount,
  setActiveNamespace,
} from './state/active-namespace'
export { addressNamesStore, cachedAddressName } from './state/address-names'
export { type ConnectionStatus, type Connector, connectionStore } from './state/connection'
export { embeddedWalletStore, resetEmbeddedWallet, setFrameArea } from './state/embedded-wallet'
export {
  FAILED_TO_FETCH_TRANSACTIONS,
  formatTransactionAmount,
  historyStore,
  isPurchase,
} from './state/history'
export {
  legalConsentGiven,
  legalConsentRequired,
  setLegalConsent,
} from './state/legal-consent'
export { closeModal, isModalCloseBlocked, modalStore, openModal } from './state/modal'
export { nameRegistrationStore } from './state/name-registration'
export { networkStore } from './state/network'
export { nftsStore } from './state/nfts'
export {
  followOnrampOrder,
  onrampStore,
  setOnrampAmount,
  setOnrampPaymentCurrency,
  setOnrampProvider,
} from './state/onramp'
export {
  goBackToIndex,
  pushView,
  type RouterView,
  resetView,
  routerStore,
  setRouterCloseHandler,
} from './state/router'
export {
  completeSend,
  InsufficientBalanceError,
  InvalidReceiverAddressError,
  InvalidSendAmountError,
  preselectSendToken,
  ReceiverChecksumError,
  ReceiverNameError,
  ReceiverNameResolvingError,
  resetSend,
  SendAmountAndReceiverRequiredError,
  type SendDraft,
  type SendState,
  SendTokenRequiredError,
  sendDraftError,
  sendStore,
  setNetworkBalanceInUSD,
  setReceiverAddress,
  setSendAmount,
  setSendError,
  setSendToken,
} from './state/send'
export { type SiwxStatus, siwxStore } from './state/siwx'
export type { Store } from './state/store'
export {
  flipSwapTokens,
  resetSwap,
  type SwapState,
  setSwapAmount,
  setSwapToken,
  swapStore,
} from './state/swap'
export {
  applyInitialTheme,
  setThemeMode,
  setThemeVariables,
  type ThemeMode,
  type ThemeModeSetting,
  type ThemeVariables,
  themeStore,
} from './state/theme'
export { showError, showSuccess, toastStore } from './state/toast'
export { tokensStore, totalUsdValue } from './state/tokens'
export { cancelTransactionStack } from './state/transaction-stack'
export {
  clearWalletSearch,
  connectWalletRowsAtMost,
  connectWalletsPending,
  hasMoreWallets,
  loadMoreWallets,
  setWalletSearch,
  walletListFilter,
  walletListStore,
} from './state/wallet-list'
export { type Clock, setClock } from './time/clock'
export {
  type ConnectEntry,
  connectEntryTag,
  connectViewEntries,
} from './wallets/connect-view-entries'
export {
  allWalletsCount,
  customWalletListItems,
  customWalletsMatching,
  walletImageUrl,
} from './wallets/custom-wallets'
export { loadNamespaceWallets } from './wallets/namespace-wallets'
export { prefetchConnectWallets } from './wallets/prefetch-connect-wallets'
