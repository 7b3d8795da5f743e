// The send draft (docs/product.md#send-draft): token, amount, receiver, the network balance in
// USD, and the loading flag. It resets after a send and on a namespace switch. Validation gives
// the spec's messages.
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import { solanaAddressProblem } from '@portico/protocol/solana-address'
import { isAddress as isChecksummedAddress } from 'viem'
import { findNativeBalance, type TokenBalance } from '../api/blockchain'
import type { ChainNamespace } from '../caip'
import { PorticoError } from '../errors/portico-error'
import { onNamespaceSwitch } from './network'
import { createStore } from './store'

export interface SendFee {
  /** Native units, decimal (e.g. "0.000042"). */
  numeric: string
  symbol: string
  /** USD, when the native coin has a price. */
  value: number | undefined
  /**
   * Rent for an account the send creates (a Solana receiver's new token account), in the same
   * native units; undefined when the send creates none.
   */
  rent: string | undefined
}

export interface SendState {
  token: TokenBalance | undefined
  sendTokenAmount: string | undefined
  receiverAddress: string | undefined
  receiverProfileImageUrl: string | undefined
  /** The name the receiver was typed as (`alice.portico.id`); receiverAddress is what it resolves to. */
  receiverProfileName: string | undefined
  /** True while the typed name is being looked up. */
  resolvingReceiverName: boolean
  /** Why the typed name gives no address ('Name … is not registered', 'Error resolving name'). */
  receiverNameError: string | undefined
  networkBalanceInUSD: string | undefined
  /** True from the wallet's prompt until the receipt. */
  loading: boolean
  /** The preview's network fee, once estimated. */
  fee: SendFee | undefined
  /**
   * The network fee Max left aside on the native token (native units, decimal), kept until the
   * token changes: an amount that leaves less than it, or a balance that cannot cover it, is
   * 'Insufficient funds'.
   */
  feeReserve: string | undefined
  /** Why the last send did not go through ('Transaction declined', ...). */
  error: string | undefined
  /** The last confirmed send, for the success view. */
  sent: SentTransaction | undefined
}

export interface SentTransaction {
  hash: string
  amount: string
  symbol: string
  networkName: string | undefined
  /** Its explorer page; undefined on a network without an explorer (a local chain). */
  explorerUrl: string | undefined
}

export const sendStore = /* @__PURE__ */ createStore<SendState>(() => ({
  token: undefined,
  sendTokenAmount: undefined,
  receiverAddress: undefined,
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  resolvingReceiverName: false,
  receiverNameError: undefined,
  networkBalanceInUSD: undefined,
  loading: false,
  fee: undefined,
  feeReserve: undefined,
  error: undefined,
  sent: undefined,
}))

export class SendAmountAndReceiverRequiredError extends PorticoError {
  override name = 'SendAmountAndReceiverRequiredError'
  constructor() {
    super('An amount and receiver address are required')
  }
}

export class SendTokenRequiredError extends PorticoError {
  override name = 'SendTokenRequiredError'
  constructor() {
    super('A token is required')
  }
}

export class SendUnsupportedChainError extends PorticoError {
  override name = 'SendUnsupportedChainError'
  constructor() {
    super('Unsupported chain')
  }
}

/**
 * Not in the spec's words: the receiver is no address of the network's namespace: 'Invalid
 * address' for EVM (0x + 40 hex, product.md#validation), why it is no Solana address for Solana.
 */
export class InvalidReceiverAddressError extends PorticoError {
  override name = 'InvalidReceiverAddressError'
  constructor(reason = 'Invalid address') {
    super(reason)
  }
}

/**
 * Not in the spec's words: the receiver is written in mixed case (EIP-55) and the case does not
 * match its checksum, a sign of a typo the shape alone does not catch.
 */
export class ReceiverChecksumError extends PorticoError {
  override name = 'ReceiverChecksumError'
  constructor() {
    super('Invalid address checksum: check the address, or enter it in lower case')
  }
}

/** The receiver was typed as a name that gives no address: the lookup's reason. */
export class ReceiverNameError extends PorticoError {
  override name = 'ReceiverNameError'
}

/** Not an error to show: the typed name is still being looked up, so nothing can be sent yet. */
export class ReceiverNameResolvingError extends PorticoError {
  override name = 'ReceiverNameResolvingError'
  constructor(receiverName: string) {
    super(`Looking up ${receiverName}…`)
  }
}

export class InvalidSendAmountError extends PorticoError {
  override name = 'InvalidSendAmountError'
  constructor() {
    super('Invalid amount')
  }
}

export class InsufficientBalanceError extends PorticoError {
  override name = 'InsufficientBalanceError'
  constructor() {
    super('Insufficient funds')
  }
}

const DECIMAL = /^(\d+\.?\d*|\.\d+)$/

/** EIP-55: an address in one case carries no checksum; one in mixed case must match it. */
function hasValidChecksum(address: string): boolean {
  const hex = address.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return isChecksummedAddress(address, { strict: true })
}

/** docs/product.md#validation: only eip155 and solana can send. */
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

/** Smallest units as a decimal string without trailing zeros ("0.5", "12"). */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * Max on the native token: the balance less the network fee (smallest units), never below
 * zero, so the transfer can pay for its own gas.
 */
export function amountLeavingFee(balance: string, decimals: number, fee: bigint): string {
  const left = decimalToUnits(balance, decimals) - fee
  return left > 0n ? unitsToDecimal(left, decimals) : '0'
}

/** What validation reads of the draft. */
export type SendDraft = Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress'> &
  Partial<
    Pick<
      SendState,
      'feeReserve' | 'receiverProfileName' | 'resolvingReceiverName' | 'receiverNameError'
    >
  >

/**
 * The first reason the draft cannot be sent on `namespace`, as an error with the message the
 * Send view shows, or undefined when it can be sent.
 */
export function sendDraftError(
  draft: SendDraft,
  namespace: ChainNamespace | undefined,
): PorticoError | undefined {
  if (!canSendOn(namespace)) return new SendUnsupportedChainError()
  const amount = draft.sendTokenAmount?.trim()
  const receiver = draft.receiverAddress?.trim()
  const receiverName = draft.receiverProfileName?.trim()
  if (!amount || !(receiver || receiverName)) return new SendAmountAndReceiverRequiredError()
  if (namespace === 'eip155' && !draft.token) return new SendTokenRequiredError()
  if (receiverName && draft.receiverNameError) return new ReceiverNameError(draft.receiverNameError)
  if (receiverName && (draft.resolvingReceiverName || !receiver))
    return new ReceiverNameResolvingError(receiverName)
  if (!receiver) return new SendAmountAndReceiverRequiredError()
  if (namespace === 'eip155' && !isEvmAddressShape(receiver))
    return new InvalidReceiverAddressError()
  if (namespace === 'eip155' && !hasValidChecksum(receiver)) return new ReceiverChecksumError()
  const solanaProblem = namespace === 'solana' ? solanaAddressProblem(receiver) : undefined
  if (solanaProblem) return new InvalidReceiverAddressError(solanaProblem)
  if (!DECIMAL.test(amount)) return new InvalidSendAmountError()
  if (draft.token) {
    const decimals = Number(draft.token.quantity.decimals)
    const balance = decimalToUnits(draft.token.quantity.numeric, decimals)
    const reserve = draft.feeReserve ? decimalToUnits(draft.feeReserve, decimals) : 0n
    // Before the zero check: Max fills 0 when the balance cannot pay the fee, and that is
    // this error, not an invalid amount.
    if (reserve > 0n && reserve >= balance) return new InsufficientBalanceError()
    if (Number(amount) <= 0) return new InvalidSendAmountError()
    if (decimalToUnits(amount, decimals) + reserve > balance) return new InsufficientBalanceError()
  }
  if (Number(amount) <= 0) return new InvalidSendAmountError()
  return undefined
}

/** Throws what sendDraftError finds. */
export function validateSendDraft(draft: SendDraft, namespace: ChainNamespace | undefined): void {
  const error = sendDraftError(draft, namespace)
  if (error) throw error
}

export function setSendToken(token: TokenBalance | undefined): void {
  sendStore.set({ token, fee: undefined, feeReserve: undefined, error: undefined })
}

export function setSendAmount(sendTokenAmount: string | undefined): void {
  sendStore.set({ sendTokenAmount, fee: undefined, error: undefined })
}

/**
 * The whole balance of the chosen token; with `networkFee` (the native token's, in its smallest
 * units), the balance less that fee, which then stays reserved for validation.
 */
export function setSendAmountToMax(networkFee?: bigint): void {
  const { token } = sendStore.get()
  if (!token) return
  if (networkFee === undefined) {
    setSendAmount(token.quantity.numeric)
    return
  }
  const decimals = Number(token.quantity.decimals)
  sendStore.set({
    sendTokenAmount: amountLeavingFee(token.quantity.numeric, decimals, networkFee),
    feeReserve: unitsToDecimal(networkFee, decimals),
    fee: undefined,
    error: undefined,
  })
}

/**
 * The token the form starts with: the active network's native token, once the balances are
 * here, unless one is chosen already.
 */
export function preselectSendToken(balances: readonly TokenBalance[]): void {
  if (sendStore.get().token) return
  const native = findNativeBalance(balances)
  if (native) setSendToken(native)
}

/** A receiver typed as an address: any name typed before is gone. */
export function setReceiverAddress(receiverAddress: string | undefined): void {
  sendStore.set({
    receiverAddress,
    receiverProfileName: undefined,
    resolvingReceiverName: false,
    receiverNameError: undefined,
    fee: undefined,
    error: undefined,
  })
}

/** A receiver typed as a name: no address until its lookup answers. */
export function setReceiverName(receiverProfileName: string): void {
  sendStore.set({
    receiverAddress: undefined,
    receiverProfileName,
    resolvingReceiverName: true,
    receiverNameError: undefined,
    fee: undefined,
    error: undefined,
  })
}

/** The typed name's lookup answered: its address, or why there is none. */
export function settleReceiverName(answer: { address: string } | { error: string }): void {
  sendStore.set({
    receiverAddress: 'address' in answer ? answer.address : undefined,
    receiverNameError: 'error' in answer ? answer.error : undefined,
    resolvingReceiverName: false,
  })
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

// docs/product.md#network-change: moving the active network to another namespace resets the draft.
onNamespaceSwitch(resetSend)
