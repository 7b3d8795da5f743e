// The chain's rules for what a dapp asks (docs/product.md#validation-rules): a chain id is a
// positive integer, and one the embedded wallet knows; a fee is at most 2^256-1; the tip at most
// the fee cap; a legacy gas price is never mixed with the max-fee fields; storage keys and blob
// versioned hashes are 32 bytes. A request that breaks one is refused, each rule with its own
// message (viem's wording where it has one), as the request is read: before the confirm shows,
// before anything is read from the chain, signed or sent. Nothing is repaired.
import { EMBEDDED_WALLET_CHAIN_IDS } from '@portico/protocol/embedded-wallet-limits'
import { formatGwei, type Hex, hexToBigInt, isAddress, isHex, maxUint256, size } from 'viem'
import { FrameRequestError, invalidParams } from './frame-error'

/** A chain id as a dapp writes it (a hex quantity, or a number), checked to be a positive integer. */
export function readChainId(value: unknown): number {
  const chainId =
    typeof value === 'string' && /^0x[0-9a-fA-F]{1,14}$/.test(value)
      ? Number.parseInt(value, 16)
      : value
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1) {
    throw invalidParams(`Chain id ${String(value)} is invalid: a chain id is a positive integer`)
  }
  return chainId
}

/** Refuses a chain the embedded wallet does not act on (4902, an unrecognised chain). */
export function checkKnownChain(chainId: number): void {
  if (!EMBEDDED_WALLET_CHAIN_IDS.includes(chainId)) {
    throw new FrameRequestError(`Chain ${chainId} is not supported by the embedded wallet`, 4902)
  }
}

/** A transaction's own chainId, if it gives one: valid, known, and the wallet's current chain. */
export function checkTransactionChain(value: unknown, current: number): void {
  if (value === undefined || value === null) return
  const chainId = readChainId(value)
  checkKnownChain(chainId)
  if (chainId !== current) {
    throw invalidParams(
      `The transaction is for chain ${chainId}, but the wallet is on chain ${current}`,
    )
  }
}

export interface FeeFields {
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
}

const FEE_NAMES = {
  maxFeePerGas: 'The fee cap',
  maxPriorityFeePerGas: 'The tip',
  gasPrice: 'The gas price',
} as const

/** The fee fields, already read as hex: at most 2^256-1, the tip at most the cap, not mixed. */
export function checkFees(fees: FeeFields): void {
  for (const field of ['maxFeePerGas', 'maxPriorityFeePerGas', 'gasPrice'] as const) {
    const value = fees[field]
    if (value !== undefined && hexToBigInt(value as Hex) > maxUint256) {
      throw invalidParams(
        `${FEE_NAMES[field]} (${field}) cannot be higher than the maximum allowed value (2^256-1)`,
      )
    }
  }
  if (
    fees.gasPrice !== undefined &&
    (fees.maxFeePerGas !== undefined || fees.maxPriorityFeePerGas !== undefined)
  ) {
    throw invalidParams('gasPrice cannot be mixed with maxFeePerGas or maxPriorityFeePerGas')
  }
  if (fees.maxFeePerGas === undefined || fees.maxPriorityFeePerGas === undefined) return
  const cap = hexToBigInt(fees.maxFeePerGas as Hex)
  const tip = hexToBigInt(fees.maxPriorityFeePerGas as Hex)
  if (tip > cap) {
    throw invalidParams(
      `The tip (maxPriorityFeePerGas = ${formatGwei(tip)} gwei) cannot be higher than the fee cap (maxFeePerGas = ${formatGwei(cap)} gwei)`,
    )
  }
}

export type AccessList = { address: Hex; storageKeys: Hex[] }[]

/** An EIP-2930 access list: addresses, each with storage keys of 32 bytes. */
export function readAccessList(value: unknown): AccessList | undefined {
  if (value === undefined || value === null) return undefined
  const shape = invalidParams('accessList must be a list of { address, storageKeys }')
  if (!Array.isArray(value)) throw shape
  return value.map((entry: unknown) => {
    const { address, storageKeys } = (entry ?? {}) as Record<string, unknown>
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw shape
    if (!Array.isArray(storageKeys)) throw shape
    for (const key of storageKeys) {
      if (typeof key !== 'string' || !isHex(key)) throw shape
      if (size(key) !== 32) {
        throw invalidParams(`Storage key ${key} is ${size(key)} bytes: a storage key is 32 bytes`)
      }
    }
    return { address, storageKeys } as { address: Hex; storageKeys: Hex[] }
  })
}

/**
 * Blob versioned hashes (EIP-4844), each of 32 bytes; then refused as a whole, well formed or
 * not: a blob transaction needs its blobs beside it, which eth_sendTransaction does not carry,
 * and sending the transaction without its hashes would be another transaction.
 */
export function refuseBlobHashes(value: unknown): void {
  if (value === undefined || value === null) return
  if (!Array.isArray(value)) throw invalidParams('blobVersionedHashes must be a list of hashes')
  for (const hash of value) {
    if (typeof hash !== 'string' || !isHex(hash)) {
      throw invalidParams('blobVersionedHashes must be a list of hashes')
    }
    if (size(hash) !== 32) {
      throw invalidParams(
        `Blob versioned hash ${hash} is ${size(hash)} bytes: a blob versioned hash is 32 bytes`,
      )
    }
  }
  throw new FrameRequestError('The embedded wallet does not send blob transactions', 4200)
}
