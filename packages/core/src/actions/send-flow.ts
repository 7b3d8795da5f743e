// The send flow (docs/product.md#views, #states), eip155 now; Solana later takes these steps: the
// preview's network fee (gas estimate times gas price, asked through the network's viem
// client), then the wallet signs (eth_sendTransaction on the connected wallet's EIP-1193
// provider, the one wagmi holds) and the flow polls for the receipt, loading all the while.
// A native send pushes a transaction stack with no view; a fungible token's goes back to
// Account. A rejected signature leaves the draft as it was and says so.
//
// Why plain JSON-RPC requests rather than @wagmi/core's sendTransaction / estimateGas or
// viem's actions: those pull in error classes and decoders whose modules the page already
// loads at start in part, and the bundler keeps a shared module whole in the page's first
// chunk, so they made the connect-button page 1.1-1.2 KB heavier. The requests go to the
// same wallet and the same RPC wagmi uses.
import { type Config, getClient, getConnection } from '@wagmi/core'
import { type Address, formatUnits, type Hex } from 'viem'
import {
  type BlockchainApi,
  findNativeBalance,
  NATIVE_TOKEN_ADDRESS,
  type TokenBalance,
} from '../api/blockchain'
import { POLLING_INTERVAL_MS, RECEIPT_WAIT_TIMEOUT_MS } from '../constants'
import { PorticoError } from '../errors/portico-error'
import { isUserRejection, walletErrorMessage } from '../errors/wallet-errors'
import { explorerTransactionUrl } from '../networks/explorer-urls'
import { resetHistory } from '../state/history'
import { modalStore } from '../state/modal'
import { networkStore } from '../state/network'
import { pushView, resetView, type TransactionAction } from '../state/router'
import {
  completeSend,
  decimalToUnits,
  type SendFee,
  SendUnsupportedChainError,
  sendStore,
  setSendAmountToMax,
  setSendError,
  setSendFee,
  setSendLoading,
  validateSendDraft,
} from '../state/send'
import { tokensStore } from '../state/tokens'
import {
  cancelTransactionStack,
  completeTransactionStack,
  dropTransactionStackEntry,
  pushTransactionStack,
} from '../state/transaction-stack'
import { clock } from '../time/clock'
import { fetchAccountTokens } from './account-tokens'

export interface SendClient {
  wagmiConfig: Config
  api: { blockchain: Pick<BlockchainApi, 'fetchBalances'> }
}

/**
 * The wallet refused the transfer (EIP-1193 4001, user rejected). Not sign-in's 'Signature
 * declined' (docs/product.md#errors): the visitor declined a transaction, not a sign-in.
 */
export const TRANSACTION_DECLINED = 'Transaction declined'

export class SendWalletNotConnectedError extends PorticoError {
  override name = 'SendWalletNotConnectedError'
  constructor() {
    super('Address or auth connector not found')
  }
}

export function isNativeToken(token: TokenBalance): boolean {
  return token.address?.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS.toLowerCase()}`) ?? false
}

/** A JSON-RPC quantity. */
const toQuantity = (value: bigint): Hex => `0x${value.toString(16)}`

/** ERC-20 transfer(address,uint256) call data: the selector and two 32-byte words. */
export function erc20TransferData(to: Address, amount: bigint): Hex {
  const word = (hex: string) => hex.padStart(64, '0')
  return `0xa9059cbb${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}`
}

interface PreparedSend {
  from: Address
  chainId: number
  to: Address
  value: bigint
  data: Hex | undefined
  native: boolean
  token: TokenBalance
  amount: string
}

function prepare(config: Config): PreparedSend {
  const draft = sendStore.get()
  const namespace = networkStore.get().activeCaipNetwork?.chainNamespace
  validateSendDraft(draft, namespace)
  // Solana's send joins here later; until then only eip155 drafts go on.
  if (namespace !== 'eip155') throw new SendUnsupportedChainError()
  const connection = getConnection(config)
  if (connection.status !== 'connected' || !connection.address) {
    throw new SendWalletNotConnectedError()
  }
  const token = draft.token as TokenBalance
  const amount = (draft.sendTokenAmount as string).trim()
  const units = decimalToUnits(amount, Number(token.quantity.decimals))
  const receiver = (draft.receiverAddress as string).trim() as Address
  const native = isNativeToken(token)
  const base = { from: connection.address, chainId: connection.chainId, native, token, amount }
  if (native) return { ...base, to: receiver, value: units, data: undefined }
  return {
    ...base,
    // The ERC-20 contract: the token's CAIP-10 id ends with it.
    to: token.address?.split(':').at(-1) as Address,
    value: 0n,
    data: erc20TransferData(receiver, units),
  }
}

interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/** The network's JSON-RPC, through the viem client wagmi keeps for it (our RPC proxy). */
function rpcOf(config: Config, chainId: number): Eip1193 {
  const client = getClient(config, { chainId })
  if (!client) throw new SendUnsupportedChainError()
  return client as unknown as Eip1193
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

/** The preview's network fee: the gas estimate times the gas price. */
export async function estimateSendFee(client: SendClient): Promise<SendFee> {
  const prepared = prepare(client.wagmiConfig)
  const rpc = rpcOf(client.wagmiConfig, prepared.chainId)
  const [gas, gasPrice] = (await Promise.all([
    rpc.request({
      method: 'eth_estimateGas',
      params: [
        {
          from: prepared.from,
          to: prepared.to,
          value: toQuantity(prepared.value),
          ...(prepared.data ? { data: prepared.data } : {}),
        },
      ],
    }),
    rpc.request({ method: 'eth_gasPrice' }),
  ])) as [Hex, Hex]
  const numeric = formatUnits(BigInt(gas) * BigInt(gasPrice), 18)
  const native = findNativeBalance(tokensStore.get().balances)
  const symbol =
    native?.symbol ?? networkStore.get().activeCaipNetwork?.nativeCurrency.symbol ?? 'ETH'
  const fee: SendFee = {
    numeric,
    symbol,
    value: native?.price === undefined ? undefined : Number(numeric) * native.price,
  }
  setSendFee(fee)
  return fee
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

/**
 * Max: an ERC-20 fills its whole balance; the native token fills its balance less the fee of
 * the transfer (asked through the same RPC client as the preview's fee), so the send can pay
 * for its gas. A token changed meanwhile keeps its own amount.
 */
export async function fillMaxSendAmount(client: SendClient): Promise<void> {
  const { token } = sendStore.get()
  if (!token) return
  if (!isNativeToken(token)) {
    setSendAmountToMax()
    return
  }
  const chainId = Number(token.chainId.split(':')[1])
  const fee = await estimateNativeTransferFee(rpcOf(client.wagmiConfig, chainId))
  if (sendStore.get().token === token) setSendAmountToMax(fee)
}

/** Which send is in progress: a cancelled one's late wallet answer finds it changed. */
let currentSend = 0

/**
 * Sends the draft: the wallet signs (the ApproveTransaction view shows meanwhile), then the
 * receipt is awaited. Success resets the draft, completes the transaction stack and refreshes
 * the balances; failure or rejection keeps the draft, says why and goes back.
 */
export async function sendDraftTransaction(client: SendClient): Promise<void> {
  const prepared = prepare(client.wagmiConfig)
  currentSend += 1
  const attempt = currentSend
  const abandoned = () => attempt !== currentSend
  /** Set once the wallet has sent the transaction: from then on the transfer is real. */
  let hash: Hex | undefined
  // docs/product.md#views: cancel goes back (via the stack). While the wallet is asked, the send
  // stops loading and keeps its draft, and whatever the wallet answers later navigates and
  // changes nothing. Once it has sent the transaction, the receipt still completes the send
  // (only the navigation is gone), so the draft is not offered again for a transfer made.
  const onCancel = () => {
    if (abandoned() || hash !== undefined) return
    currentSend += 1
    setSendLoading(false)
  }
  // A native send's stack has no view (docs/product.md#views); its success then shows
  // TransactionSent, one step from Account (not from the emptied preview).
  const onSuccess = () => {
    resetView('Account')
    pushView('TransactionSent')
  }
  const action: TransactionAction = prepared.native
    ? { onCancel, onSuccess }
    : { view: 'Account', onCancel }
  pushTransactionStack(action)
  // The modal closing is a cancel without going back: its next opening starts on a view of
  // its own.
  const stopWatchingClose = modalStore.subscribe(({ open }, previous) => {
    if (open || !previous.open || abandoned()) return
    if (dropTransactionStackEntry(action)) onCancel()
  })
  setSendError(undefined)
  setSendLoading(true)
  pushView('ApproveTransaction')
  try {
    const connector = getConnection(client.wagmiConfig).connector
    const provider = (await connector?.getProvider({ chainId: prepared.chainId })) as
      | Eip1193
      | undefined
    if (!provider) throw new SendWalletNotConnectedError()
    hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: prepared.from,
          to: prepared.to,
          value: toQuantity(prepared.value),
          ...(prepared.data ? { data: prepared.data } : {}),
        },
      ],
    })) as Hex
    const receipt = await waitForReceipt(rpcOf(client.wagmiConfig, prepared.chainId), hash)
    if (abandoned()) {
      // Approved after the user cancelled: the transfer is real, so the balances and the
      // activity catch up; the draft and the view stay as the user left them.
      resetHistory()
      await fetchAccountTokens(client, { forceUpdate: true })
      return
    }
    if (receipt.status !== '0x1') throw new PorticoError('Transaction failed')
    const network = networkStore.get().activeCaipNetwork
    completeSend({
      hash,
      amount: prepared.amount,
      symbol: prepared.token.symbol,
      networkName: network?.name,
      explorerUrl: network ? explorerTransactionUrl(network, hash) : undefined,
    })
    // The activity starts over on its next showing, so the send is in it.
    resetHistory()
    completeTransactionStack(action)
    await fetchAccountTokens(client, { forceUpdate: true })
  } catch (error) {
    if (abandoned()) return
    setSendError(isUserRejection(error) ? TRANSACTION_DECLINED : walletErrorMessage(error))
    cancelTransactionStack(action)
  } finally {
    stopWatchingClose()
  }
}
