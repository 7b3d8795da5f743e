// @portico/core's public surface, named one by one so that what a host (and @portico/react)
// may rely on is read here, and a module's new export stays internal until it is listed.

export { fetchHistoryPage, type HistoryClient } from './actions/account-history'
export { fetchNftsPage } from './actions/account-nfts'
export {
  fetchAccountTokens,
  requestWalletAssets,
  type TokensClient,
} from './actions/account-tokens'
export {
  EmailCooldownError,
  type EmbeddedWalletClient,
  emailCooldownSeconds,
  preloadEmbeddedWallet,
  resendEmailLoginCode,
  signOutEmbeddedWallet,
  startEmailLogin,
  startEmailUpdate,
  startKeyExport,
  verifyEmailLoginCode,
  verifyEmailUpdatePrimary,
  verifyEmailUpdateSecondary,
  verifyKeyExport,
} from './actions/embedded-wallet-email'
export {
  FARCASTER_EXPIRED_MESSAGE,
  FARCASTER_POLL_INTERVAL_MS,
  type FarcasterLoginHost,
  type FarcasterLoginState,
  farcasterLoginStore,
  startFarcasterLogin,
} from './actions/farcaster-login'
export {
  followOnrampPurchase,
  loadOnrampOptions,
  ONRAMP_ORDER_POLL_MS,
  type OnrampClient,
  OnrampStartError,
  onrampAmountProblem,
  onrampTarget,
  quoteOnramp,
  startOnrampPurchase,
} from './actions/onramp-flow'
export {
  erc20TransferData,
  estimateNativeTransferFee,
  estimateSendFee,
  fillMaxSendAmount,
  isNativeToken,
  NATIVE_TRANSFER_GAS,
  type SendClient,
  SendWalletNotConnectedError,
  sendDraftTransaction,
  TRANSACTION_DECLINED,
  TransactionReceiptTimeoutError,
  waitForReceipt,
} from './actions/send-flow'
export {
  type ServerSocialProvider,
  startSocialLogin,
} from './actions/social-login'
export {
  currentSocialEnvironment,
  offeredSocialProviders,
  SOCIAL_PROVIDER_TITLES,
  type SocialEnvironment,
  type SocialOs,
  socialEnvironmentOf,
} from './actions/social-login-providers'
export { checkSwapAllowance } from './actions/swap-allowance'
export {
  amountUnits,
  balanceOf,
  formatSwapRate,
  InsufficientSwapBalanceError,
  InvalidSwapAmountError,
  isNativeSwapToken,
  minimumReceived,
  networkFee,
  SWAP_GAS_ESTIMATE,
  SwapTokensRequiredError,
  swapDraftError,
  swapRate,
  unitsText,
} from './actions/swap-figures'
export {
  executeSwap,
  SwapApprovalFailedError,
  SwapRevertedError,
  SwapWalletNotConnectedError,
} from './actions/swap-flow'
export { fillMaxSwapAmount, nativeSwapReserve } from './actions/swap-max'
export {
  cancelSwapQuote,
  convertApiFor,
  requestSwapQuote,
  SWAP_QUOTE_DEBOUNCE_MS,
  type SwapClient,
} from './actions/swap-quote'
export { loadSwapTokens, SWAPS_UNSUPPORTED } from './actions/swap-tokens'
export { listConnectors, toConnector } from './adapters/evm/connectors'
export {
  createEvmAdapter,
  type EvmAdapter,
  type EvmAdapterOptions,
} from './adapters/evm/evm-adapter'
export {
  createEvmConfig,
  type EvmConfigOptions,
  rpcProxyUrl,
  toViemChain,
} from './adapters/evm/wagmi-config'
export {
  type BlockchainApi,
  createBlockchainApi,
  dropZeroDecimals,
  type FungiblePrice,
  findNativeBalance,
  type HistoryPage,
  type Identity,
  MissingAccountAddressError,
  NATIVE_TOKEN_ADDRESS,
  type SupportedChains,
  type TokenBalance,
  type TransactionHistoryItem,
  type TransactionTransfer,
} from './api/blockchain'
export {
  type ConvertApi,
  type ConvertTransaction,
  createConvertApi,
  SwapAnswerError,
  type SwapBuildRequest,
  type SwapQuoteAnswer,
  type SwapQuoteRequest,
  type SwapToken,
  type SwapTokenList,
} from './api/convert'
export {
  API_REQUEST_TIMEOUT_MS,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  HttpStatusError,
  InvalidResponseError,
  type Query,
  type QueryValue,
  type RequestOptions,
  RequestTimeoutError,
  SDK_TYPE,
  SDK_VERSION,
} from './api/http'
export { type AccountNft, fetchAccountNfts, type NftPage } from './api/nfts'
export {
  createOnrampApi,
  DEFAULT_ONRAMP_OPTIONS,
  type OnrampApi,
  type OnrampOptions,
  type OnrampOrder,
  type OnrampQuote,
  placeholderQuote,
} from './api/onramp'
export { createPorticoApi, type PorticoApi } from './api/portico-api'
export {
  createTelemetry,
  type ErrorEventBody,
  type ErrorEventProps,
  type TelemetryApi,
  type TelemetryOptions,
} from './api/telemetry'
export {
  createWalletsApi,
  type GetWalletsParams,
  type ImageKind,
  type WalletListItem,
  type WalletPage,
  type WalletsApi,
} from './api/wallets'
export {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  formatCaipAddress,
  formatCaipNetworkId,
  InvalidCaip10AddressError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  isCaip10Address,
  isCaipAccountAddress,
  isCaipAddress,
  isCaipNamespace,
  isCaipNetworkId,
  isCaipReference,
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
  parseCaip10Address,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip'
export {
  createPorticoClient,
  type PorticoClient,
  type PorticoClientDependencies,
} from './client/create-portico-client'
export { type ApiOptionsHost, porticoApiFor, withApi } from './client/portico-api-for'
export {
  EMBEDDED_WALLET_CONNECTOR_ID,
  EmbeddedWalletRpcError,
  RPC_NOT_ALLOWED,
} from './connectors/embedded-wallet/embedded-wallet-connector'
export type { EmbeddedWalletHost } from './connectors/embedded-wallet/embedded-wallet-setup'
export {
  ACTION_NOT_ALLOWED_MESSAGE,
  FRAME_LOAD_FAILED_ALERT,
  FRAME_LOAD_FAILED_MESSAGE,
  FRAME_REQUEST_TIMEOUT_ALERT,
} from './connectors/embedded-wallet/frame-errors'
export {
  type BrowserPlatform,
  browserPageActivity,
  type DeepLinkKind,
  type DeepLinkOption,
  type DownloadLink,
  deepLinkOptions,
  detectPlatform,
  downloadLinks,
  keepsPendingPairing,
  nativeLink,
  type PageActivity,
  universalLink,
  watchDeepLink,
} from './connectors/wallet-connect/deep-links'
export { isPairingExpired, pairingExpiry } from './connectors/wallet-connect/pairing-uri'
export {
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_EIP155_EVENTS,
  WALLET_CONNECT_EIP155_METHODS,
  type WalletConnectConnectorParameters,
  type WalletConnectMetadata,
  type WalletConnectPairing,
  type WalletConnectProvider,
  type WalletConnectSdk,
  walletConnectConnector,
} from './connectors/wallet-connect/wallet-connect-connector'
export {
  openDeepLink,
  openWalletConnect,
  renewPairingOnExpiry,
  resetWalletConnectFlow,
  startWalletConnect,
  WALLET_CONNECT_ENTRY,
  type WalletConnectAttemptOptions,
  walletConnectEntry,
} from './connectors/wallet-connect/wallet-connect-flow'
export {
  ensureWalletConnectConnector,
  findWalletConnectConnector,
  getWalletConnectProvider,
  preloadWalletConnectSdk,
  type WalletConnectHost,
  walletConnectParameters,
  walletConnectRelayUrl,
  walletConnectRpcMap,
} from './connectors/wallet-connect/wallet-connect-setup'
export {
  ACCOUNT_NAME_MIN_LENGTH,
  BACK_NAVIGATION_FOLLOW_UP_MS,
  BALANCE_RETRY_GATE_MS,
  BLOB_DATA_LIMIT_BYTES,
  BORDER_RADIUS_MASTER,
  CACHE_MAX_ENTRIES,
  DEEP_LINK_FALLBACK_WAIT_MS,
  DEFAULT_LOG_LEVEL,
  EMAIL_LOGIN_COOLDOWN_MS,
  ERROR_TELEMETRY_MAX_EVENTS,
  ERROR_TELEMETRY_WINDOW_MS,
  FONT_SIZE_MASTER,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_EXTRA_WAIT_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_SDK_VERSION,
  FRAME_SIGN_OUT_WAIT_MS,
  HEADER_TEXT_ANIMATION_MS,
  HEARTBEAT_INTERVAL_MS,
  IDENTITY_CACHE_TTL_MS,
  LOGGER_BUFFER_BYTES,
  MODAL_HEIGHT_ANIMATION_MS,
  MODAL_WIDTH_PX,
  MODAL_Z_INDEX,
  MULTICALL_BATCH_SIZE,
  NAME_LOOKUP_CACHE_TTL_MS,
  NATIVE_BALANCE_CACHE_TTL_MS,
  NOT_ALLOWED_MESSAGE_DELAY_MS,
  ONRAMP_BANK_ACCOUNT_MAX_AMOUNT,
  ONRAMP_BANK_ACCOUNT_MIN_AMOUNT,
  ONRAMP_CARD_MAX_AMOUNT,
  ONRAMP_CARD_MIN_AMOUNT,
  ONRAMP_DEFAULT_CURRENCIES,
  ONRAMP_PROVIDER_FEE_MAX_PERCENT,
  ONRAMP_PROVIDER_FEE_MIN_PERCENT,
  PENDING_TRANSACTION_LIMIT,
  POLLING_INTERVAL_MS,
  PORTFOLIO_CACHE_TTL_MS,
  RECEIPT_WAIT_TIMEOUT_MS,
  RECENT_WALLETS_LIMIT,
  RECOMMENDED_WALLETS_PAGE_SIZE,
  RPC_RETRY_BASE_DELAY_MS,
  RPC_RETRY_COUNT,
  RPC_RETRY_STATUSES,
  RPC_TIMEOUT_MS,
  SEARCH_WAIT_MS,
  SIWX_MESSAGE_LIFETIME_MS,
  SLIPPAGE_TOLERANCE_DEFAULT,
  TOAST_AUTO_CLOSE_MS,
  TOAST_SWAP_DELAY_MS,
  TRANSACTION_AMOUNT_DECIMALS,
  VIEW_TRANSITION_MS,
  WALLET_LIST_PAGE_SIZE,
  WALLET_SEARCH_PAGE_SIZE,
} from './constants'
export { PorticoError, type PorticoErrorOptions } from './errors/portico-error'
export { shortMessageOf } from './errors/short-message-of'
export {
  DisconnectError,
  isUserRejection,
  WALLET_ERROR_CODES,
  walletErrorCode,
  walletErrorMessage,
} from './errors/wallet-errors'
export {
  type PorticoEvent,
  type PorticoEventName,
  subscribeEvents,
  trackEvent,
} from './events/events'
export { shortAddress } from './format/address'
export { type FormatAmountOptions, formatAmount, formatFiat } from './format/number'
export {
  allNetworks,
  arbitrum,
  avalanche,
  type BitcoinNetwork,
  type BlockExplorer,
  base,
  bitcoin,
  bitcoinTestnet,
  type CaipNetwork,
  type EvmNetwork,
  explorerAddressUrl,
  explorerTransactionUrl,
  findEvmNetwork,
  findNetworkByCaipId,
  mainnet,
  type NativeCurrency,
  type NonEvmNetwork,
  optimism,
  polygon,
  type SolanaNetwork,
  solana,
  solanaDevnet,
  solanaTestnet,
} from './networks'
export {
  DefaultNetworkNotFoundError,
  InvalidOptionsError,
  ProjectIdNotConfiguredError,
} from './options/option-errors'
export type {
  BooleanFeature,
  CustomWallet,
  PorticoFeatures,
  PorticoMetadata,
  PorticoOptions,
  ResolvedPorticoOptions,
  SocialProvider,
} from './options/option-types'
export { defaultFeatures, resolveOptions } from './options/resolve-options'
export type { ServerSettings } from './options/server-settings'
export { isRegistryWalletId } from './options/wallet-options'
export {
  createServerSiwx,
  type ServerSiwx,
  type ServerSiwxOptions,
} from './siwx/create-server-siwx'
export {
  AUTHENTICATING_MESSAGE,
  InvalidCacaoIssuerError,
  type OneClickCacao,
  type OneClickProvider,
  type OneClickUniversalProvider,
  oneClickPairing,
  sessionFromCacao,
  shouldUseOneClick,
  signInPairingFor,
  signInWithWalletProvider,
} from './siwx/one-click'
export {
  cancelSignMessage,
  configureSignIn,
  initializeIfEnabled,
  isSignInRequired,
  isSmartAccount,
  requestSignMessage,
  type SignInClient,
  type SignInSetup,
  startSignInFlow,
} from './siwx/sign-in-flow'
export {
  NoActiveCaipAddressError,
  NoActiveCaipNetworkError,
  NoConnectionClientError,
  SignatureDeclinedError,
  SiwxInitializeError,
  SiwxNotEnabledError,
  SmartAccountSignatureError,
} from './siwx/siwx-errors'
export type { SiweConfig, SiwxConfig, SiwxMessageData, SiwxSession } from './siwx/siwx-types'
export {
  type AccountState,
  type AccountTab,
  accountStore,
  type ConnectedWalletInfo,
  clearAccount,
  emptyNamespaceAccount,
  getAccount,
  type NamespaceAccount,
  setAccountTab,
  updateAccount,
} from './state/account'
export {
  type BalanceRetryGateState,
  balanceGateKey,
  balanceRetryGateStore,
  blockBalanceRetries,
  clearBalanceRetryGate,
  fetchBalancesThroughGate,
  type GatedBalances,
  isBalanceFetchAllowed,
  TOKEN_BALANCE_UNAVAILABLE,
} from './state/balance-retry-gate'
export {
  addRecentWallet,
  type ConnectionState,
  type ConnectionStatus,
  type Connector,
  type ConnectorType,
  connectionStore,
  connectorsRecentFirst,
  getConnectionStatus,
  isRecentConnector,
  type RecentWallet,
  resetConnection,
  setConnectionError,
  setConnectionStatus,
  setConnectors,
  startConnecting,
} from './state/connection'
export {
  type EmbeddedWalletState,
  type EmbeddedWalletUser,
  embeddedWalletStore,
  type FrameApproval,
  type FrameArea,
  resetEmbeddedWallet,
  setFrameArea,
} from './state/embedded-wallet'
export {
  appendHistoryPage,
  FAILED_TO_FETCH_TRANSACTIONS,
  failHistoryFetch,
  formatTransactionAmount,
  groupTransactionsByYearMonth,
  type HistoryState,
  historyStore,
  isPurchase,
  isSpamTransaction,
  type MonthGroup,
  resetHistory,
  startHistoryFetch,
  transactionHash,
  visibleTransactions,
  type YearGroup,
} from './state/history'
export {
  addCloseGuard,
  type CloseGuard,
  closeModal,
  isModalCloseBlocked,
  isModalOpen,
  type ModalState,
  modalStore,
  type OpenModalOptions,
  openModal,
  setModalLoading,
} from './state/modal'
export {
  clearNetwork,
  isNetworkRequested,
  type NetworkState,
  networkStore,
  onNamespaceSwitch,
  setActiveNetwork,
  setApprovedNetworkIds,
  setRequestedNetworks,
  setUnsupportedChain,
} from './state/network'
export {
  appendNftsPage,
  clearNfts,
  failNftsFetch,
  type NftsState,
  nftsStore,
  startNftsFetch,
} from './state/nfts'
export {
  followOnrampOrder,
  type OnrampState,
  onrampStore,
  setOnrampAmount,
  setOnrampError,
  setOnrampOptions,
  setOnrampPaymentCurrency,
  setOnrampProvider,
  setOnrampQuote,
  updateOnrampOrder,
} from './state/onramp'
export {
  getRouterView,
  goBack,
  goBackToIndex,
  onBackNavigation,
  pushView,
  type RouterData,
  type RouterState,
  type RouterView,
  replaceView,
  resetView,
  routerStore,
  setRouterCloseHandler,
  type TransactionAction,
} from './state/router'
export {
  amountLeavingFee,
  canSendOn,
  completeSend,
  decimalToUnits,
  InsufficientBalanceError,
  InvalidReceiverAddressError,
  InvalidSendAmountError,
  preselectSendToken,
  ReceiverChecksumError,
  resetSend,
  SendAmountAndReceiverRequiredError,
  type SendDraft,
  type SendFee,
  type SendState,
  SendTokenRequiredError,
  SendUnsupportedChainError,
  type SentTransaction,
  sendDraftError,
  sendStore,
  setNetworkBalanceInUSD,
  setReceiverAddress,
  setSendAmount,
  setSendAmountToMax,
  setSendError,
  setSendFee,
  setSendLoading,
  setSendToken,
  unitsToDecimal,
  validateSendDraft,
} from './state/send'
export {
  getSiwxSession,
  type SiwxFailure,
  type SiwxState,
  type SiwxStatus,
  setSiwxAccount,
  setSiwxError,
  setSiwxSession,
  setSiwxStatus,
  siwxStore,
} from './state/siwx'
export { createStore, type Listener, type Store } from './state/store'
export {
  flipSwapTokens,
  resetSwap,
  type SwapDone,
  type SwapFee,
  type SwapQuote,
  type SwapState,
  setSwapAmount,
  setSwapError,
  setSwapToken,
  swapStore,
} from './state/swap'
export {
  defaultThemeVariables,
  InvalidThemeModeError,
  isThemeMode,
  setThemeMode,
  setThemeVariables,
  type ThemeMode,
  type ThemeState,
  type ThemeVariables,
  themeStore,
} from './state/theme'
export {
  hideToast,
  showError,
  showLoading,
  showSuccess,
  type ToastOptions,
  type ToastState,
  type ToastVariant,
  toastStore,
} from './state/toast'
export {
  acceptedWalletAssets,
  clearTokens,
  dropZeroDecimalEntries,
  failTokensFetch,
  isWalletAsset,
  setTokens,
  startTokensFetch,
  type TokensState,
  tokensStore,
  totalUsdValue,
  type WalletAsset,
  walletAssetsToBalances,
} from './state/tokens'
export {
  cancelTransactionStack,
  completeTransactionStack,
  dropTransactionStackEntry,
  pushTransactionStack,
} from './state/transaction-stack'
export {
  appendWalletPage,
  clearWalletSearch,
  connectWalletRowsAtMost,
  connectWalletsPending,
  ensureConnectViewWallets,
  hasMoreWallets,
  loadConnectViewWallets,
  loadMoreWallets,
  setWalletSearch,
  type WalletListFilter,
  type WalletListState,
  walletListFilter,
  walletListStore,
  walletPageSize,
} from './state/wallet-list'
export {
  PORTICO_STORAGE_PREFIX,
  readStored,
  removeStored,
  STORAGE_KEYS,
  type StoredAccountType,
  type StoredDeepLink,
  type StoredKey,
  type StoredValues,
  type StoredWallet,
  WALLET_FRAME_STORAGE_PREFIX,
  writeStored,
} from './storage'
export { type Clock, clock, setClock } from './time/clock'
export { isAddress, isSignedMessage, isTransactionHash } from './validation'
export {
  type ConnectEntriesInput,
  type ConnectEntry,
  type ConnectEntryKind,
  connectEntryTag,
  connectViewEntries,
} from './wallets/connect-view-entries'
export {
  allWalletsCount,
  customWalletListItem,
  customWalletListItems,
  customWalletsMatching,
  walletImageUrl,
} from './wallets/custom-wallets'
