// What a not-safe method does once the visitor clicked Approve: signs with the wallet's local
// account (viem), and for transactions fills nonce, gas and fees from the chain and sends the
// signed transaction raw through our RPC proxy. Only called behind the frame's own confirm.
import {
  type Address,
  type Hex,
  hexToBigInt,
  isAddress,
  isHex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
import {
  type AccessList,
  checkFees,
  checkTransactionChain,
  readAccessList,
  refuseBlobHashes,
} from './chain-rules'
import { FrameRequestError, invalidParams } from './frame-error'
import type { RpcRead } from './rpc-proxy'

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
  accessList?: AccessList
}

/** Refuses a request made for another account than the frame's (4100, as EIP-1193 says). */
export function checkAccount(account: LocalAccount, requested: unknown): void {
  if (requested === undefined) return
  if (typeof requested !== 'string' || requested.toLowerCase() !== account.address.toLowerCase()) {
    throw new FrameRequestError('The requested account is not this wallet', 4100)
  }
}

/**
 * eth_sendTransaction's transaction, read and held to the chain rules (chain-rules.ts) for the
 * wallet's current chain, `chainId`: a request that breaks one is refused here, unrepaired.
 */
export function readTransaction(params: unknown, chainId: number): TransactionParams {
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
  checkTransactionChain(fields.chainId, chainId)
  checkFees(out)
  const accessList = readAccessList(fields.accessList)
  refuseBlobHashes(fields.blobVersionedHashes)
  return accessList === undefined ? out : { ...out, accessList }
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

function big(value: string | undefined): bigint | undefined {
  return value === undefined ? undefined : hexToBigInt(value as Hex)
}

function hexResult(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !isHex(value))
    throw new FrameRequestError(`No ${what} from the chain`)
  return hexToBigInt(value)
}

/** What the chain says the fees should be: EIP-1559 where blocks have a base fee, else legacy. */
async function fillFees(
  chainId: number,
  transaction: TransactionParams,
  read: RpcRead,
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }> {
  if (transaction.gasPrice !== undefined)
    return { gasPrice: hexToBigInt(transaction.gasPrice as Hex) }
  const block = (await read(chainId, 'eth_getBlockByNumber', ['latest', false])) as {
    baseFeePerGas?: unknown
  } | null
  if (typeof block?.baseFeePerGas !== 'string') {
    return { gasPrice: hexResult(await read(chainId, 'eth_gasPrice', []), 'gas price') }
  }
  const baseFee = hexResult(block.baseFeePerGas, 'base fee')
  const priority =
    big(transaction.maxPriorityFeePerGas) ??
    hexResult(await read(chainId, 'eth_maxPriorityFeePerGas', []), 'priority fee')
  // Room for the base fee to rise for a few blocks (viem's default multiplier is 1.2; we take
  // 2, as wallets commonly do, since the transaction is sent right away and the rest refunded).
  const maxFeePerGas = big(transaction.maxFeePerGas) ?? baseFee * 2n + priority
  // A tip the dapp gave is never above its cap (refused as it was read); the chain's suggested
  // tip, filled in for a dapp that set only the cap, is kept within that cap.
  const maxPriorityFeePerGas =
    transaction.maxPriorityFeePerGas === undefined && priority > maxFeePerGas
      ? maxFeePerGas
      : priority
  return { maxFeePerGas, maxPriorityFeePerGas }
}

/** Fills what the dapp left out from the chain, signs here, sends raw; answers the hash. */
export async function sendTransaction(
  account: LocalAccount,
  chainId: number,
  transaction: TransactionParams,
  read: RpcRead,
): Promise<Hex> {
  checkAccount(account, transaction.from)
  const call = {
    from: account.address,
    ...(transaction.to === undefined ? {} : { to: transaction.to }),
    ...(transaction.value === undefined ? {} : { value: transaction.value }),
    ...(transaction.data === undefined ? {} : { data: transaction.data }),
  }
  const [nonce, gas, fees] = await Promise.all([
    transaction.nonce !== undefined
      ? hexToBigInt(transaction.nonce as Hex)
      : read(chainId, 'eth_getTransactionCount', [account.address, 'pending']).then((value) =>
          hexResult(value, 'nonce'),
        ),
    transaction.gas !== undefined
      ? hexToBigInt(transaction.gas as Hex)
      : read(chainId, 'eth_estimateGas', [call]).then((value) => hexResult(value, 'gas estimate')),
    fillFees(chainId, transaction, read),
  ])
  const common = {
    chainId,
    nonce: Number(nonce),
    gas,
    to: transaction.to as Address | undefined,
    value: big(transaction.value),
    data: transaction.data as Hex | undefined,
  }
  const { accessList } = transaction
  const signed = await account.signTransaction(
    'gasPrice' in fees
      ? accessList === undefined
        ? { ...common, type: 'legacy', gasPrice: fees.gasPrice }
        : { ...common, type: 'eip2930', gasPrice: fees.gasPrice, accessList }
      : {
          ...common,
          type: 'eip1559',
          ...fees,
          ...(accessList === undefined ? {} : { accessList }),
        },
  )
  const hash = await read(chainId, 'eth_sendRawTransaction', [signed])
  if (typeof hash !== 'string' || !isHex(hash)) throw new FrameRequestError('No transaction hash')
  return hash
}
