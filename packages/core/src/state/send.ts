// The send draft (spec sections 3, 4 and 5): token, amount, receiver, the network balance in
// USD, and the loading flag. It resets after a send and on a namespace switch. Validation gives
// the spec's messages.
import type { TokenBalance } from '../api/blockchain'
import type { ChainNamespace } from '../caip'
import { onNamespaceSwitch } from './network'
import { createStore } from './store'

export interface SendFee {
  /** Native units, decimal (e.g. "0.000042"). */
  numeric: string
  symbol: string
  /** USD, when the native coin has a price. */
  value: number | undefined
}

export interface SendState {
  token: TokenBalance | undefined
  sendTokenAmount: string | undefined
  receiverAddress: string | undefined
  receiverProfileImageUrl: string | undefined
  receiverProfileName: string | undefined
  networkBalanceInUSD: string | undefined
  /** True from the wallet's prompt until the receipt. */
  loading: boolean
  /** The preview's network fee, once estimated. */
  fee: SendFee | undefined
  /** Why the last send did not go through ('Signature declined', ...). */
  error: string | undefined
  /** The last confirmed send, for the success message. */
  sent: { hash: string; amount: string; symbol: string } | undefined
}

export const sendStore = /* @__PURE__ */ createStore<SendState>(() => ({
  token: undefined,
  sendTokenAmount: undefined,
  receiverAddress: undefined,
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  networkBalanceInUSD: undefined,
  loading: false,
  fee: undefined,
  error: undefined,
  sent: undefined,
}))

export class SendAmountAndReceiverRequiredError extends Error {
  override name = 'SendAmountAndReceiverRequiredError'
  constructor() {
    super('An amount and receiver address are required')
  }
}

export class SendTokenRequiredError extends Error {
  override name = 'SendTokenRequiredError'
  constructor() {
    super('A token is required')
  }
}

export class SendUnsupportedChainError extends Error {
  override name = 'SendUnsupportedChainError'
  constructor() {
    super('Unsupported chain')
  }
}

/** Not in the spec's words: the receiver is no EVM address (0x + 40 hex, spec section 5). */
export class InvalidReceiverAddressError extends Error {
  override name = 'InvalidReceiverAddressError'
  constructor() {
    super('Invalid Address')
  }
}

export class InvalidSendAmountError extends Error {
  override name = 'InvalidSendAmountError'
  constructor() {
    super('Invalid amount')
  }
}

export class InsufficientBalanceError extends Error {
  override name = 'InsufficientBalanceError'
  constructor() {
    super('Insufficient funds')
  }
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/

/** Spec section 5: only eip155 and solana can send. */
export function canSendOn(namespace: ChainNamespace | undefined): boolean {
  return namespace === 'eip155' || namespace === 'solana'
}

/**
 * A decimal amount ("0.5") in the token's smallest unit; digits past `decimals` are cut, never
 * rounded up (a send never exceeds what the user typed).
 */
export function decimalToUnits(value: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.')
  return BigInt(`${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
}

/** Compares decimal strings exactly, whatever their length. */
function exceeds(amount: string, available: string, decimals: number): boolean {
  return decimalToUnits(amount, decimals) > decimalToUnits(available, decimals)
}

/**
 * The first reason the draft cannot be sent on `namespace`, as an error with the message the
 * Send view shows, or undefined when it can be sent.
 */
export function sendDraftError(
  draft: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress'>,
  namespace: ChainNamespace | undefined,
): Error | undefined {
  if (!canSendOn(namespace)) return new SendUnsupportedChainError()
  const amount = draft.sendTokenAmount?.trim()
  const receiver = draft.receiverAddress?.trim()
  if (!amount || !receiver) return new SendAmountAndReceiverRequiredError()
  if (namespace === 'eip155' && !draft.token) return new SendTokenRequiredError()
  if (namespace === 'eip155' && !EVM_ADDRESS.test(receiver))
    return new InvalidReceiverAddressError()
  if (!DECIMAL.test(amount) || Number(amount) <= 0) return new InvalidSendAmountError()
  if (draft.token) {
    const decimals = Number(draft.token.quantity.decimals)
    if (exceeds(amount, draft.token.quantity.numeric, decimals))
      return new InsufficientBalanceError()
  }
  return undefined
}

/** Throws what sendDraftError finds. */
export function validateSendDraft(
  draft: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress'>,
  namespace: ChainNamespace | undefined,
): void {
  const error = sendDraftError(draft, namespace)
  if (error) throw error
}

export function setSendToken(token: TokenBalance | undefined): void {
  sendStore.set({ token, fee: undefined, error: undefined })
}

export function setSendAmount(sendTokenAmount: string | undefined): void {
  sendStore.set({ sendTokenAmount, fee: undefined, error: undefined })
}

/** The whole balance of the chosen token. */
export function setSendAmountToMax(): void {
  const { token } = sendStore.get()
  if (token) setSendAmount(token.quantity.numeric)
}

export function setReceiverAddress(receiverAddress: string | undefined): void {
  sendStore.set({ receiverAddress, fee: undefined, error: undefined })
}

export function setNetworkBalanceInUSD(networkBalanceInUSD: string | undefined): void {
  sendStore.set({ networkBalanceInUSD })
}

export function setSendFee(fee: SendFee | undefined): void {
  sendStore.set({ fee })
}

export function setSendLoading(loading: boolean): void {
  sendStore.set({ loading })
}

export function setSendError(error: string | undefined): void {
  sendStore.set({ error, loading: false })
}

/** After a send: the draft starts over, the confirmation is kept for the success message. */
export function completeSend(sent: SendState['sent']): void {
  sendStore.reset()
  sendStore.set({ sent })
}

export function resetSend(): void {
  sendStore.reset()
}

// Spec section 4: changing the active network to another namespace resets the draft.
onNamespaceSwitch(resetSend)
