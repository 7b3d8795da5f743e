// Which EIP-1193 methods the embedded wallet frame answers, and how (docs/product.md and the
// spec's roles section): safe ones at once, not-safe ones only after a click on Approve inside
// the frame, anything else refused. Plain data, no schema library: the modal imports it too.

/** Read-only queries, raw-transaction send, capability and user-operation queries. */
export const SAFE_RPC_METHODS = [
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getCode',
  'eth_feeHistory',
  'eth_maxPriorityFeePerGas',
  'eth_getBlockByNumber',
  'eth_getLogs',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'wallet_switchEthereumChain',
] as const
export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number]

/** Methods that sign or spend: the frame shows its own confirm and waits for a click. */
export const NOT_SAFE_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const
export type NotSafeRpcMethod = (typeof NOT_SAFE_RPC_METHODS)[number]

/** The answer to any method on neither list (docs/product.md#permissions, word for word). */
export const RPC_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed'
/** The answer when the visitor clicks Reject in the frame's confirm (EIP-1193 code 4001). */
export const USER_REJECTED_MESSAGE = 'User rejected the request.'

const safe: ReadonlySet<string> = /* @__PURE__ */ new Set(SAFE_RPC_METHODS)
const notSafe: ReadonlySet<string> = /* @__PURE__ */ new Set(NOT_SAFE_RPC_METHODS)

export function isSafeRpcMethod(method: string): method is SafeRpcMethod {
  return safe.has(method)
}

export function isNotSafeRpcMethod(method: string): method is NotSafeRpcMethod {
  return notSafe.has(method)
}
