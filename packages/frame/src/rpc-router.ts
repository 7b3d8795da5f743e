// RPC_REQUEST: safe methods are answered at once (a few here, the rest through our RPC
// proxy); not-safe methods only after the visitor approved them in the frame's own confirm;
// every other method is refused with the spec's 'Requested RPC call is not allowed'.
import type { RpcRequestPayload } from '@portico/protocol/embedded-wallet-frame'
import {
  isNotSafeRpcMethod,
  isSafeRpcMethod,
  RPC_NOT_ALLOWED_MESSAGE,
} from '@portico/protocol/embedded-wallet-rpc-methods'
import { isHex, type LocalAccount } from 'viem'
import type { ChainCatalog } from './chain-catalog'
import { checkKnownChain, readChainId } from './chain-rules'
import { describeRequest, type RequestDetails } from './describe-request'
import { FrameRequestError, notConnectedError } from './frame-error'
import {
  checkAccount,
  personalSign,
  readTransaction,
  readTypedData,
  sendTransaction,
  signTypedData,
} from './not-safe-actions'
import type { RpcRead } from './rpc-proxy'
import { type CallsBundle, callsStatus, capabilities, readCalls, sendCalls } from './send-calls'

export interface RpcContext {
  /** The unlocked wallet, or undefined when no one is logged in. */
  account(): LocalAccount | undefined
  switchChain(chainId: number): void
  read: RpcRead
  /** The chain's known tokens, router and coin price, for the confirm's words. */
  catalog: ChainCatalog
  /**
   * Shows the confirm and resolves with what `work` gives once Approve was clicked; rejects
   * with 4001 'User rejected the request.' on Reject. `work` never runs without the click.
   */
  withApproval<T>(method: string, details: RequestDetails, work: () => Promise<T>): Promise<T>
  /** wallet_sendCalls bundles sent from this page, for wallet_getCallsStatus. */
  bundles: Map<string, CallsBundle>
}

/** An RPC_REQUEST's payload, as the message gate let it through. */
export type RpcCall = RpcRequestPayload

/** Not-safe methods that need a smart account or permissions this wallet does not have. */
const UNSUPPORTED = new Set([
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
])

/** wallet_switchEthereumChain's target: a hex chain id, positive, one the wallet knows. */
function chainIdParam(params: unknown): number {
  const first = Array.isArray(params) ? params[0] : undefined
  const value = (first as { chainId?: unknown } | undefined)?.chainId
  if (typeof value !== 'string' || !isHex(value)) {
    throw new FrameRequestError('wallet_switchEthereumChain needs a hex chainId', -32602)
  }
  const chainId = readChainId(value)
  checkKnownChain(chainId)
  return chainId
}

function requireAccount(context: RpcContext): LocalAccount {
  const account = context.account()
  if (!account) throw notConnectedError()
  return account
}

/** The not-safe method's work, its parameters read and its account checked first. */
function checkedWork(
  method: string,
  params: unknown,
  chainId: number,
  account: LocalAccount,
  context: RpcContext,
): () => Promise<unknown> {
  if (method === 'personal_sign') {
    checkAccount(account, Array.isArray(params) ? params[1] : undefined)
    return () => personalSign(account, params)
  }
  if (method === 'eth_signTypedData_v4') {
    checkAccount(account, readTypedData(params).address)
    return () => signTypedData(account, params)
  }
  if (method === 'wallet_sendCalls') {
    const request = readCalls(params, chainId)
    checkAccount(account, request.from)
    return () => sendCalls(account, chainId, request, context.read, context.bundles)
  }
  const transaction = readTransaction(params, chainId)
  checkAccount(account, transaction.from)
  return () => sendTransaction(account, chainId, transaction, context.read)
}

export async function routeRpcRequest(call: RpcCall, context: RpcContext): Promise<unknown> {
  const { method, params, chainId } = call
  if (isSafeRpcMethod(method)) {
    switch (method) {
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`
      case 'eth_accounts': {
        const account = context.account()
        return account ? [account.address] : []
      }
      case 'eth_requestAccounts':
        return [requireAccount(context).address]
      case 'wallet_switchEthereumChain':
        context.switchChain(chainIdParam(params))
        return null
      case 'wallet_getCapabilities':
        return capabilities(params, chainId)
      case 'wallet_getCallsStatus':
        return callsStatus(params, context.read, context.bundles)
      default:
        return context.read(chainId, method, params)
    }
  }
  if (isNotSafeRpcMethod(method)) {
    if (UNSUPPORTED.has(method)) {
      throw new FrameRequestError(`${method} is not supported by this wallet`, 4200)
    }
    // Only on a chain it knows does the wallet sign or send anything.
    checkKnownChain(chainId)
    const account = requireAccount(context)
    // Parameters are read and the account checked before anything is looked up or shown, so a
    // malformed request, or one for another account, never asks and never reads the chain.
    const work = checkedWork(method, params, chainId, account, context)
    const details = await describeRequest(method, params, chainId, {
      account: account.address,
      read: context.read,
      catalog: context.catalog,
    })
    return context.withApproval(method, details, work)
  }
  throw new FrameRequestError(RPC_NOT_ALLOWED_MESSAGE, 4200)
}
