// The send flow (spec sections 2 and 4), eip155 now; Solana later takes the same steps: the
// preview's network fee (viem's estimates through @wagmi/core), then the wallet signs and the
// flow waits for the receipt, loading all the while. A native send pushes a transaction stack
// with no view; a fungible token's goes back to Account. A rejected signature leaves the draft
// as it was and says so.
import {
  type Config,
  estimateFeesPerGas,
  estimateGas,
  getConnection,
  sendTransaction,
  waitForTransactionReceipt,
  writeContract,
} from '@wagmi/core'
import { type Address, encodeFunctionData, erc20Abi, formatEther, parseUnits } from 'viem'
import {
  type BlockchainApi,
  findNativeBalance,
  NATIVE_TOKEN_ADDRESS,
  type TokenBalance,
} from '../api/blockchain'
import { RECEIPT_WAIT_TIMEOUT_MS } from '../constants'
import { isUserRejection, walletErrorMessage } from '../errors/walletErrors'
import { resetHistory } from '../state/history'
import { networkStore } from '../state/network'
import {
  cancelTransactionStack,
  completeTransactionStack,
  pushTransactionStack,
  pushView,
} from '../state/router'
import {
  completeSend,
  type SendFee,
  SendUnsupportedChainError,
  sendStore,
  setSendError,
  setSendFee,
  setSendLoading,
  validateSendDraft,
} from '../state/send'
import { tokensStore } from '../state/tokens'
import { fetchAccountTokens } from './accountTokens'

export interface SendClient {
  wagmiConfig: Config
  api: { blockchain: Pick<BlockchainApi, 'fetchBalances'> }
}

/** Spec section 8. */
export const SIGNATURE_DECLINED = 'Signature declined'

export function isNativeToken(token: TokenBalance): boolean {
  return token.address?.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS.toLowerCase()}`) ?? false
}

/** The ERC-20 contract of a token balance (its address is a CAIP-10 id). */
function contractOf(token: TokenBalance): Address {
  return token.address?.split(':').at(-1) as Address
}

interface PreparedSend {
  to: Address
  value: bigint
  data: `0x${string}` | undefined
  native: boolean
  token: TokenBalance
  amount: string
}

function prepare(): PreparedSend {
  const draft = sendStore.get()
  const namespace = networkStore.get().activeCaipNetwork?.chainNamespace
  validateSendDraft(draft, namespace)
  // Solana's send joins here later; until then only eip155 drafts go on.
  if (namespace !== 'eip155') throw new SendUnsupportedChainError()
  const token = draft.token as TokenBalance
  const amount = (draft.sendTokenAmount as string).trim()
  const units = parseUnits(amount, Number(token.quantity.decimals))
  const receiver = (draft.receiverAddress as string).trim() as Address
  const native = isNativeToken(token)
  return native
    ? { to: receiver, value: units, data: undefined, native, token, amount }
    : {
        to: contractOf(token),
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [receiver, units],
        }),
        native,
        token,
        amount,
      }
}

/** The preview's network fee: estimated gas times the max fee per gas. */
export async function estimateSendFee(client: SendClient): Promise<SendFee> {
  const prepared = prepare()
  const account = getConnection(client.wagmiConfig).address
  const [gas, fees] = await Promise.all([
    estimateGas(client.wagmiConfig, {
      ...(account ? { account } : {}),
      to: prepared.to,
      value: prepared.value,
      ...(prepared.data ? { data: prepared.data } : {}),
    }),
    estimateFeesPerGas(client.wagmiConfig),
  ])
  const perGas = fees.maxFeePerGas ?? fees.gasPrice ?? 0n
  const numeric = formatEther(gas * perGas)
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

/**
 * Sends the draft: the wallet signs (the ApproveTransaction view shows meanwhile), then the
 * receipt is awaited. Success resets the draft, completes the transaction stack and refreshes
 * the balances; failure or rejection keeps the draft, says why and goes back.
 */
export async function sendDraftTransaction(client: SendClient): Promise<void> {
  const prepared = prepare()
  pushTransactionStack(prepared.native ? {} : { view: 'Account' })
  setSendError(undefined)
  setSendLoading(true)
  pushView('ApproveTransaction')
  try {
    const hash = prepared.native
      ? await sendTransaction(client.wagmiConfig, { to: prepared.to, value: prepared.value })
      : await writeContract(client.wagmiConfig, {
          address: prepared.to,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [
            (sendStore.get().receiverAddress as string).trim() as Address,
            parseUnits(prepared.amount, Number(prepared.token.quantity.decimals)),
          ],
        })
    const receipt = await waitForTransactionReceipt(client.wagmiConfig, {
      hash,
      timeout: RECEIPT_WAIT_TIMEOUT_MS,
    })
    if (receipt.status !== 'success') throw new Error('Transaction failed')
    completeSend({ hash, amount: prepared.amount, symbol: prepared.token.symbol })
    // The activity starts over on its next showing, so the send is in it.
    resetHistory()
    completeTransactionStack()
    await fetchAccountTokens(client, { forceUpdate: true })
  } catch (error) {
    setSendError(isUserRejection(error) ? SIGNATURE_DECLINED : walletErrorMessage(error))
    cancelTransactionStack()
  }
}
