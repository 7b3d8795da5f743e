import {
  InsufficientBalanceError,
  InvalidReceiverAddressError,
  InvalidSendAmountError,
  type PorticoError,
  ReceiverChecksumError,
  ReceiverNameError,
  SendAmountAndReceiverRequiredError,
  type SendDraft,
  SendTokenRequiredError,
} from '@portico/core'

export type SendField = 'token' | 'amount' | 'receiver'

/** Which field a send problem is about, so that field is marked invalid and points at it. */
export function fieldOfSendProblem(
  problem: PorticoError | undefined,
  draft: SendDraft,
): SendField | undefined {
  if (problem instanceof SendTokenRequiredError) return 'token'
  if (
    problem instanceof InvalidReceiverAddressError ||
    problem instanceof ReceiverChecksumError ||
    problem instanceof ReceiverNameError
  )
    return 'receiver'
  if (problem instanceof InvalidSendAmountError || problem instanceof InsufficientBalanceError)
    return 'amount'
  if (problem instanceof SendAmountAndReceiverRequiredError)
    return draft.sendTokenAmount?.trim() ? 'receiver' : 'amount'
  return undefined
}
