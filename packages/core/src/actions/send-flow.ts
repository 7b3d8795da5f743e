// The send flow (docs/product.md#views, #states) of the account it is given, through its
// namespace's adapter: the preview's network fee, then the wallet signs and sends and the flow
// waits for the chain to have the transfer, loading all the while. A native send pushes a
// transaction stack with no view; a fungible token's goes back to Account. A rejected
// signature leaves the draft as it was and says so.
import type {
  ChainAccount,
  ChainAdapter,
  ChainAdapterFor,
  ChainTransfer,
} from '../adapters/chain-adapter'
import { type BlockchainApi, findNativeBalance, isNativeToken } from '../api/blockchain'
import { isUserRejection, walletErrorMessage } from '../errors/wallet-errors'
import { resetHistory } from '../state/history'
import { modalStore } from '../state/modal'
import { networkStore } from '../state/network'
import { pushView, resetView, type TransactionAction } from '../state/router'
import {
  completeSend,
  decimalToUnits,
  type SendFee,
  SendTokenRequiredError,
  sendStore,
  setSendAmountToMax,
  setSendError,
  setSendFee,
  setSendLoading,
  unitsToDecimal,
  validateSendDraft,
} from '../state/send'
import { tokensStore } from '../state/tokens'
import {
  cancelTransactionStack,
  completeTransactionStack,
  dropTransactionStackEntry,
  pushTransactionStack,
} from '../state/transaction-stack'
import { fetchAccountTokens } from './account-tokens'
import { transactionLink } from './transaction-link'

export interface SendClient {
  chain: ChainAdapterFor
  api: { blockchain: Pick<BlockchainApi, 'fetchBalances'> }
}

/**
 * The wallet refused the transfer (EIP-1193 4001, user rejected). Not sign-in's 'Signature
 * declined' (docs/product.md#errors): the visitor declined a transaction, not a sign-in.
 */
export const TRANSACTION_DECLINED = 'Transaction declined'

/** The draft, checked for the account's namespace, as the transfer its adapter builds. */
async function prepare(
  client: SendClient,
  account: ChainAccount,
): Promise<{ adapter: ChainAdapter; transfer: ChainTransfer }> {
  const draft = sendStore.get()
  validateSendDraft(draft, account.namespace)
  const adapter = await client.chain(account.namespace)
  // Only an EVM send must name its token (docs/product.md#validation); a Solana draft without
  // one sends SOL.
  const token = draft.token ?? findNativeBalance(tokensStore.get().balances)
  if (!token) throw new SendTokenRequiredError()
  const amount = (draft.sendTokenAmount as string).trim()
  const transfer = adapter.buildTransfer(account, {
    token,
    amount,
    units: decimalToUnits(amount, Number(token.quantity.decimals)),
    receiver: (draft.receiverAddress as string).trim(),
  })
  return { adapter, transfer }
}

/** The native coin's decimals and symbol on the account's network. */
function nativeCurrencyOf(account: ChainAccount) {
  const network = networkStore
    .get()
    .requestedCaipNetworks.find((entry) => entry.caipNetworkId === account.caipNetworkId)
  return network?.nativeCurrency
}

/**
 * The preview's network fee, with its value in USD when the native coin's price is known, and
 * the rent of an account the send creates.
 */
export async function estimateSendFee(client: SendClient, account: ChainAccount): Promise<SendFee> {
  const { adapter, transfer } = await prepare(client, account)
  const costs = await adapter.estimateTransferCosts(transfer)
  const currency = nativeCurrencyOf(account)
  const decimals = currency?.decimals ?? 18
  const numeric = unitsToDecimal(costs.fee, decimals)
  const native = findNativeBalance(tokensStore.get().balances)
  const symbol = native?.symbol ?? currency?.symbol ?? 'ETH'
  const fee: SendFee = {
    numeric,
    symbol,
    value: native?.price === undefined ? undefined : Number(numeric) * native.price,
    rent: costs.rent > 0n ? unitsToDecimal(costs.rent, decimals) : undefined,
  }
  setSendFee(fee)
  return fee
}

/**
 * Max: a token fills its whole balance; the native coin fills its balance less the fee of the
 * transfer (asked of the account's adapter, as the preview's fee), so the send can pay for its
 * own fee. A token changed meanwhile keeps its own amount.
 */
export async function fillMaxSendAmount(client: SendClient, account: ChainAccount): Promise<void> {
  const { token } = sendStore.get()
  if (!token) return
  if (!isNativeToken(token)) {
    setSendAmountToMax()
    return
  }
  const adapter = await client.chain(account.namespace)
  const fee = await adapter.estimateMaxTransferFee(account)
  if (sendStore.get().token === token) setSendAmountToMax(fee)
}

/** Which send is in progress: a cancelled one's late wallet answer finds it changed. */
let currentSend = 0

/**
 * Sends the draft: the wallet signs (the ApproveTransaction view shows meanwhile), then the
 * receipt is awaited. Success resets the draft, completes the transaction stack and refreshes
 * the balances; failure or rejection keeps the draft, says why and goes back.
 */
export async function sendDraftTransaction(
  client: SendClient,
  account: ChainAccount,
): Promise<void> {
  const { adapter, transfer } = await prepare(client, account)
  currentSend += 1
  const attempt = currentSend
  const abandoned = () => attempt !== currentSend
  /** Set once the wallet has sent the transaction: from then on the transfer is real. */
  let hash: string | undefined
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
  const action: TransactionAction = transfer.native
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
    hash = await adapter.sendTransfer(transfer)
    await adapter.waitForTransfer(account, hash)
    if (abandoned()) {
      // Approved after the user cancelled: the transfer is real, so the balances and the
      // activity catch up; the draft and the view stay as the user left them.
      resetHistory()
      await fetchAccountTokens(client, account, { forceUpdate: true })
      return
    }
    completeSend({
      hash,
      amount: transfer.amount,
      symbol: transfer.token.symbol,
      ...transactionLink(hash),
    })
    // The activity starts over on its next showing, so the send is in it.
    resetHistory()
    completeTransactionStack(action)
    await fetchAccountTokens(client, account, { forceUpdate: true })
  } catch (error) {
    if (abandoned()) return
    setSendError(isUserRejection(error) ? TRANSACTION_DECLINED : walletErrorMessage(error))
    cancelTransactionStack(action)
  } finally {
    stopWatchingClose()
  }
}
