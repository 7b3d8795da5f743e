// What a not-safe method does once the visitor clicked Approve: signs with the wallet's local
// account (viem), and for transactions fills nonce, gas and fees from the chain and sends the
// signed transaction raw through our RPC proxy. Only called behind the frame's own confirm.
import {
  type Address,
  createWalletClient,
  custom,
  defineChain,
  type Hex,
  hexToBigInt,
  isAddress,
  isHex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
import { FrameRequestError } from './frameError'
import type { RpcRead } from './rpcProxy'

/** The transaction fields of eth_sendTransaction's first parameter we pass on. */
export interface TransactionParams {
  from?: string
  to?: string
  value?: string
  data?: string
  gas?: string
  nonce?: string
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
}

function invalidParams(message: string): FrameRequestError {
  return new FrameRequestError(message, -32602)
}

/** Refuses a request made for another account than the frame's (4100, as EIP-1193 says). */
export function checkAccount(account: LocalAccount, requested: unknown): void {
  if (requested === undefined) return
  if (typeof requested !== 'string' || requested.toLowerCase() !== account.address.toLowerCase()) {
    throw new FrameRequestError('The requested account is not this wallet', 4100)
  }
}

export function readTransaction(params: unknown): TransactionParams {
  const transaction = Array.isArray(params) ? params[0] : undefined
  if (typeof transaction !== 'object' || transaction === null) {
    throw invalidParams('eth_sendTransaction needs a transaction object')
  }
  const fields = transaction as Record<string, unknown>
  const out: TransactionParams = {}
  for (const key of [
    'from',
    'to',
    'value',
    'data',
    'gas',
    'nonce',
    'gasPrice',
    'maxFeePerGas',
    'maxPriorityFeePerGas',
  ] as const) {
    const value = fields[key]
    if (value === undefined || value === null) continue
    if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`${key} must be hex`)
    out[key] = value
  }
  if (out.to !== undefined && !isAddress(out.to, { strict: false })) {
    throw invalidParams('to must be an address')
  }
  return out
}

export function readTypedData(params: unknown): {
  address: unknown
  typedData: TypedDataDefinition
} {
  if (!Array.isArray(params)) throw invalidParams('eth_signTypedData_v4 needs [address, data]')
  const [address, data] = params
  let parsed: unknown = data
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data)
    } catch {
      throw invalidParams('The typed data is not JSON')
    }
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw invalidParams('The typed data is missing')
  const { domain, types, primaryType, message } = parsed as Record<string, unknown>
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string') {
    throw invalidParams('The typed data needs types and a primaryType')
  }
  // viem derives EIP712Domain from the domain itself and refuses it among the types.
  const { EIP712Domain: _domain, ...rest } = types as Record<string, unknown>
  return {
    address,
    typedData: {
      domain: (domain ?? {}) as TypedDataDefinition['domain'],
      types: rest as TypedDataDefinition['types'],
      primaryType,
      message: (message ?? {}) as Record<string, unknown>,
    } as TypedDataDefinition,
  }
}

export async function personalSign(account: LocalAccount, params: unknown): Promise<Hex> {
  if (!Array.isArray(params) || typeof params[0] !== 'string') {
    throw invalidParams('personal_sign needs [message, address]')
  }
  checkAccount(account, params[1])
  const message = params[0]
  return account.signMessage({
    message: isHex(message) ? { raw: message as Hex } : message,
  })
}

export async function signTypedData(account: LocalAccount, params: unknown): Promise<Hex> {
  const { address, typedData } = readTypedData(params)
  checkAccount(account, address)
  return account.signTypedData(typedData)
}

function walletClient(account: LocalAccount, chainId: number, read: RpcRead) {
  return createWalletClient({
    account,
    chain: defineChain({
      id: chainId,
      name: `eip155:${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    }),
    transport: custom({ request: ({ method, params }) => read(chainId, method, params) }),
  })
}

function big(value: string | undefined): bigint | undefined {
  return value === undefined ? undefined : hexToBigInt(value as Hex)
}

/** Fills what the dapp left out from the chain, signs here, sends raw; answers the hash. */
export async function sendTransaction(
  account: LocalAccount,
  chainId: number,
  transaction: TransactionParams,
  read: RpcRead,
): Promise<Hex> {
  checkAccount(account, transaction.from)
  const client = walletClient(account, chainId, read)
  const fees =
    transaction.gasPrice !== undefined
      ? { gasPrice: big(transaction.gasPrice) }
      : {
          maxFeePerGas: big(transaction.maxFeePerGas),
          maxPriorityFeePerGas: big(transaction.maxPriorityFeePerGas),
        }
  return client.sendTransaction({
    account,
    chain: client.chain,
    to: transaction.to as Address | undefined,
    value: big(transaction.value),
    data: transaction.data as Hex | undefined,
    gas: big(transaction.gas),
    nonce: transaction.nonce === undefined ? undefined : Number(big(transaction.nonce)),
    ...fees,
  } as Parameters<typeof client.sendTransaction>[0])
}
