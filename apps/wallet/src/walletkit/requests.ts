// Answers a dapp's JSON-RPC request with the wallet's key: signatures made locally with viem,
// transactions sent to the local chain. Also describes a request for the approval card.
import {
  type Address,
  createWalletClient,
  formatEther,
  type Hex,
  hexToString,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type PrivateKeyAccount,
  type TypedDataDefinition,
} from 'viem'
import {
  CHAIN_NAMES,
  isSupportedChainId,
  localChain,
  parseEip155ChainId,
  type SupportedChainId,
} from './chains'

export interface SignerContext {
  account: PrivateKeyAccount
  rpcUrls: Record<SupportedChainId, string>
}

/** A request the wallet cannot answer; its code and message go back to the dapp. */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'RequestError'
  }
}

export interface RpcRequest {
  method: string
  params: unknown
}

export interface TransactionParams {
  from?: Address
  to?: Address
  value?: Hex
  data?: Hex
  gas?: Hex
  gasLimit?: Hex
}

function paramsArray(request: RpcRequest): unknown[] {
  if (!Array.isArray(request.params)) throw new RequestError(-32602, 'params must be an array')
  return request.params
}

/** personal_sign sends [message, address]; some dapps (and eth_sign) send [address, message]. */
function messageParam(request: RpcRequest, address: Address): Hex | string {
  const [first, second] = paramsArray(request)
  const firstIsUs = typeof first === 'string' && isAddress(first) && isAddressEqual(first, address)
  const message = request.method === 'eth_sign' || firstIsUs ? second : first
  if (typeof message !== 'string') throw new RequestError(-32602, 'message must be a string')
  return message
}

/** Replacement or control characters (other than whitespace) mean the bytes were not text. */
function isReadable(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code === 0xfffd || (code < 0x20 && !'\t\n\r'.includes(char))) return false
  }
  return true
}

/** The message as a person reads it: UTF-8 text when the hex decodes to text, else the hex. */
export function decodeMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    return isReadable(text) ? text : message
  } catch {
    return message
  }
}

interface TypedDataJson {
  domain?: Record<string, unknown>
  types: Record<string, { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}

function typedDataParam(request: RpcRequest): TypedDataJson {
  const [, data] = paramsArray(request)
  const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data
  if (!parsed || typeof parsed !== 'object' || !('types' in parsed) || !('primaryType' in parsed))
    throw new RequestError(-32602, 'typed data must have types and a primaryType')
  return parsed as TypedDataJson
}

function transactionParam(request: RpcRequest): TransactionParams {
  const [transaction] = paramsArray(request)
  if (!transaction || typeof transaction !== 'object')
    throw new RequestError(-32602, 'the transaction must be an object')
  return transaction as TransactionParams
}

function chainOf(caip2: string): SupportedChainId {
  const chainId = parseEip155ChainId(caip2)
  if (!chainId) throw new RequestError(4901, `This wallet is not on ${caip2}`)
  return chainId
}

export async function answerRequest(
  context: SignerContext,
  request: RpcRequest,
  caip2ChainId: string,
): Promise<unknown> {
  const { account } = context
  switch (request.method) {
    case 'personal_sign':
    case 'eth_sign': {
      const message = messageParam(request, account.address)
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const { domain, types, primaryType, message } = typedDataParam(request)
      // viem derives the domain type itself and refuses a declared one.
      const { EIP712Domain: _, ...messageTypes } = types
      return account.signTypedData({
        domain,
        types: messageTypes,
        primaryType,
        message,
      } as unknown as TypedDataDefinition)
    }
    case 'eth_sendTransaction': {
      const chainId = chainOf(caip2ChainId)
      const transaction = transactionParam(request)
      const client = createWalletClient({
        account,
        chain: localChain(chainId, context.rpcUrls[chainId]),
        transport: http(context.rpcUrls[chainId]),
      })
      const gas = transaction.gas ?? transaction.gasLimit
      return client.sendTransaction({
        to: transaction.to ?? null,
        ...(transaction.value ? { value: BigInt(transaction.value) } : {}),
        ...(transaction.data ? { data: transaction.data } : {}),
        ...(gas ? { gas: BigInt(gas) } : {}),
      })
    }
    case 'eth_chainId':
      return `0x${chainOf(caip2ChainId).toString(16)}`
    case 'eth_accounts':
      return [account.address]
    case 'wallet_switchEthereumChain': {
      const [target] = paramsArray(request) as [{ chainId?: string } | undefined]
      const chainId = Number(target?.chainId)
      if (!isSupportedChainId(chainId))
        throw new RequestError(4902, `Unrecognized chain ID ${target?.chainId ?? ''}`)
      return null
    }
    default:
      throw new RequestError(4200, `The wallet does not support ${request.method}`)
  }
}

export type RequestSummary =
  | { kind: 'message'; method: string; message: string }
  | { kind: 'typedData'; method: string; typedData: string }
  | { kind: 'transaction'; method: string; to: string; value: string; chain: string }
  | { kind: 'other'; method: string; params: string }

function chainName(caip2: string): string {
  const chainId = parseEip155ChainId(caip2)
  return chainId ? `${CHAIN_NAMES[chainId]} (${caip2})` : caip2
}

/** What the approval card shows; never throws (a malformed request still gets Reject). */
export function describeRequest(
  request: RpcRequest,
  caip2ChainId: string,
  address: Address,
): RequestSummary {
  const { method } = request
  try {
    if (method === 'personal_sign' || method === 'eth_sign')
      return { kind: 'message', method, message: decodeMessage(messageParam(request, address)) }
    if (method === 'eth_signTypedData_v4')
      return {
        kind: 'typedData',
        method,
        typedData: JSON.stringify(typedDataParam(request), null, 2),
      }
    if (method === 'eth_sendTransaction') {
      const transaction = transactionParam(request)
      return {
        kind: 'transaction',
        method,
        to: transaction.to ?? '(contract creation)',
        value: `${formatEther(BigInt(transaction.value ?? 0))} ETH`,
        chain: chainName(caip2ChainId),
      }
    }
  } catch {}
  return { kind: 'other', method, params: JSON.stringify(request.params ?? null, null, 2) }
}
