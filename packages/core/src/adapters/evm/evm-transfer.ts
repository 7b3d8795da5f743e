// An EVM transfer on the connected wallet: the native coin or an ERC-20's transfer(), the fee
// asked of the network's RPC, eth_sendTransaction on the EIP-1193 provider wagmi holds, then
// the receipt polled. Plain JSON-RPC requests rather than @wagmi/core's sendTransaction /
// estimateGas or viem's actions: those pull in error classes and decoders the bundler keeps
// whole in the page's first chunk (1.1-1.2 KB more on the connect-button page).
import { type Config, getClient, getConnection } from '@wagmi/core'
import type { Address, Hex } from 'viem'
import { POLLING_INTERVAL_MS, RECEIPT_WAIT_TIMEOUT_MS } from '../../constants'
import { PorticoError } from '../../errors/portico-error'
import { clock } from '../../time/clock'
import { evmChainIdOf } from '../chain-account'
import type { ChainAccount, ChainTransfer } from '../chain-adapter'
import { ChainNotSupportedError, TransferFailedError } from '../chain-errors'
import { ConnectorNotFoundError } from './evm-actions'

export interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/** A JSON-RPC quantity. */
export const toQuantity = (value: bigint): Hex => `0x${value.toString(16)}`

/** ERC-20 transfer(address,uint256) call data: the selector and two 32-byte words. */
export function erc20TransferData(to: Address, amount: bigint): Hex {
  const word = (hex: string) => hex.padStart(64, '0')
  return `0xa9059cbb${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}`
}

/** The call the wallet signs for the transfer. */
export function transferCall(transfer: ChainTransfer) {
  const { units } = transfer
  const receiver = transfer.receiver as Address
  const from = transfer.account.address as Address
  if (transfer.native) return { from, to: receiver, value: units, data: undefined }
  // The ERC-20 contract: the token's CAIP-10 id ends with it.
  const contract = transfer.token.address?.split(':').at(-1) as Address
  return { from, to: contract, value: 0n, data: erc20TransferData(receiver, units) }
}

/** The network's JSON-RPC, through the viem client wagmi keeps for it (our RPC proxy). */
export function rpcOf(config: Config, chainId: number): Eip1193 {
  const client = getClient(config, { chainId })
  if (!client) throw new ChainNotSupportedError(`eip155:${chainId}`)
  return client as unknown as Eip1193
}

/**
 * The wallet holding the account: wagmi's connection must be on that address and chain, so a
 * flow never signs with another account than the one it was given.
 */
export async function walletOf(config: Config, account: ChainAccount): Promise<Eip1193> {
  const connection = getConnection(config)
  if (
    connection.status !== 'connected' ||
    connection.address.toLowerCase() !== account.address.toLowerCase() ||
    connection.chainId !== evmChainIdOf(account)
  )
    throw new ConnectorNotFoundError()
  const provider = (await connection.connector.getProvider({ chainId: connection.chainId })) as
    | Eip1193
    | undefined
  if (!provider) throw new ConnectorNotFoundError()
  return provider
}

export class TransactionReceiptTimeoutError extends PorticoError {
  override name = 'TransactionReceiptTimeoutError'
  constructor() {
    super('The transaction was not confirmed in time')
  }
}

/** Polls for the receipt every POLLING_INTERVAL_MS, up to RECEIPT_WAIT_TIMEOUT_MS. */
export async function waitForReceipt(rpc: Eip1193, hash: Hex): Promise<{ status: Hex }> {
  const deadline = clock.now() + RECEIPT_WAIT_TIMEOUT_MS
  for (;;) {
    const receipt = (await rpc.request({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })) as {
      status: Hex
    } | null
    if (receipt) return receipt
    if (clock.now() >= deadline) throw new TransactionReceiptTimeoutError()
    await new Promise<void>((resolve) => clock.setTimeout(resolve, POLLING_INTERVAL_MS))
  }
}

/** The transfer's fee: the gas estimate times the gas price. */
export async function estimateTransferGasFee(
  config: Config,
  transfer: ChainTransfer,
): Promise<bigint> {
  const call = transferCall(transfer)
  const rpc = rpcOf(config, evmChainIdOf(transfer.account))
  const [gas, gasPrice] = (await Promise.all([
    rpc.request({
      method: 'eth_estimateGas',
      params: [
        {
          from: call.from,
          to: call.to,
          value: toQuantity(call.value),
          ...(call.data ? { data: call.data } : {}),
        },
      ],
    }),
    rpc.request({ method: 'eth_gasPrice' }),
  ])) as [Hex, Hex]
  return BigInt(gas) * BigInt(gasPrice)
}

/** Gas a plain native transfer uses (no call data, to an account). */
export const NATIVE_TRANSFER_GAS = 21_000n

/**
 * The most a plain native transfer may pay in fee now: 21,000 gas times a max fee per gas as a
 * wallet sets it: twice the latest block's base fee plus priority fee. Wallets ask up to about
 * that (viem: 1.2x the base fee plus the tip; anvil's and viem's eth_fillTransaction: 1.2x both;
 * ethers: 2x the base fee plus the tip), and a node refuses a transaction whose gas limit times
 * max fee plus value exceeds the balance, so the reserve must not be less. On a chain without
 * a base fee, the gas price. The receiver may not be entered yet, so no gas estimate.
 */
export async function estimateNativeTransferFee(rpc: Eip1193): Promise<bigint> {
  const block = (await rpc.request({
    method: 'eth_getBlockByNumber',
    params: ['latest', false],
  })) as { baseFeePerGas?: Hex | null } | null
  if (!block?.baseFeePerGas) {
    return NATIVE_TRANSFER_GAS * BigInt((await rpc.request({ method: 'eth_gasPrice' })) as Hex)
  }
  const tip = BigInt((await rpc.request({ method: 'eth_maxPriorityFeePerGas' })) as Hex)
  return NATIVE_TRANSFER_GAS * 2n * (BigInt(block.baseFeePerGas) + tip)
}

/** A call from the account (a transfer, or one the server built: a swap, an approval). */
export interface EvmCall {
  /** The contract or receiver, as a bare address. */
  to: string
  data?: string | undefined
  value: bigint
  /** The server's estimate, made as it built the call: the wallet may keep or redo it. */
  gas?: bigint | undefined
}

/** eth_sendTransaction on the account's wallet; resolves with the hash once it is sent. */
export async function sendEvmCall(
  config: Config,
  account: ChainAccount,
  call: EvmCall,
): Promise<Hex> {
  const wallet = await walletOf(config, account)
  return (await wallet.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: account.address,
        to: call.to,
        value: toQuantity(call.value),
        ...(call.data ? { data: call.data } : {}),
        ...(call.gas ? { gas: toQuantity(call.gas) } : {}),
      },
    ],
  })) as Hex
}

export function sendEvmTransfer(config: Config, transfer: ChainTransfer): Promise<Hex> {
  const { to, value, data } = transferCall(transfer)
  return sendEvmCall(config, transfer.account, { to, value, data })
}

export async function waitForEvmTransfer(
  config: Config,
  account: ChainAccount,
  hash: string,
): Promise<void> {
  const receipt = await waitForReceipt(rpcOf(config, evmChainIdOf(account)), hash as Hex)
  if (receipt.status !== '0x1') throw new TransferFailedError()
}
