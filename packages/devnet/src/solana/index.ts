// The local Solana chain (litesvm behind our JSON-RPC and WebSocket).

export { signWithLatestBlockhash } from './sign'
export {
  SOL_DECIMALS,
  SOL_DEV_USD_PRICE,
  SOLANA_DEV_LAMPORTS,
  SOLANA_MINT_AUTHORITY_INDEX,
  type SolanaDevAccounts,
  type SolanaDevToken,
  solanaDevAccounts,
} from './solana-accounts'
export {
  DEFAULT_SLOT_MS,
  SOLANA_LOCAL_CAIP2,
  type SolanaDevnet,
  type StartSolanaDevnetOptions,
  startSolanaDevnet,
} from './solana-devnet'
export type { SolanaKey } from './solana-keys'
export { MAX_PROCESSING_AGE } from './solana-ledger'
