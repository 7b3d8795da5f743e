// litesvm reports transaction errors as enum numbers and small classes; the JSON-RPC speaks the
// validator's serde JSON ("BlockhashNotFound", {"InstructionError": [0, {"Custom": 1}]}) and its
// Display text in preflight messages. Both shapes are what @solana/kit decodes into its errors.
import { FailedTransactionMetadata, type TransactionMetadata } from 'litesvm'

// The order of litesvm's TransactionErrorFieldless and InstructionErrorFieldless const enums.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

export type InstructionErrorJson = string | { Custom: number } | { BorshIoError: string }
export type TransactionErrorJson =
  | string
  | { InstructionError: [number, InstructionErrorJson] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } }

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>
type LiteSvmInstructionError = ReturnType<Extract<LiteSvmError, { err(): unknown }>['err']>

function instructionErrorJson(error: LiteSvmInstructionError): InstructionErrorJson {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? 'GenericError'
  if ('code' in error) return { Custom: error.code }
  return { BorshIoError: error.msg }
}

export function transactionErrorJson(error: LiteSvmError): TransactionErrorJson {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? 'SanitizeFailure'
  if ('err' in error) return { InstructionError: [error.index, instructionErrorJson(error.err())] }
  if ('index' in error) return { DuplicateInstruction: error.index }
  if (error.constructor.name.endsWith('InsufficientFundsForRent')) {
    return { InsufficientFundsForRent: { account_index: error.accountIndex } }
  }
  return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } }
}

const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
}

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  InsufficientFunds: 'insufficient funds for instruction',
  InvalidArgument: 'invalid program argument',
  InvalidAccountData: 'invalid account data for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
}

/** The validator's Display text of a transaction error, as preflight messages carry it. */
export function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === 'string') return TRANSACTION_ERROR_TEXT[error] ?? error
  if ('InstructionError' in error) {
    const [index, inner] = error.InstructionError
    const text =
      typeof inner === 'string'
        ? (INSTRUCTION_ERROR_TEXT[inner] ?? inner)
        : 'Custom' in inner
          ? `custom program error: 0x${inner.Custom.toString(16)}`
          : `Failed to serialize or deserialize account data: ${inner.BorshIoError}`
    return `Error processing Instruction ${index}: ${text}`
  }
  return JSON.stringify(error)
}

export type ExecutionResult = TransactionMetadata | FailedTransactionMetadata

export function executionError(result: ExecutionResult): TransactionErrorJson | null {
  return result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null
}

export function executionMeta(result: ExecutionResult): TransactionMetadata {
  return result instanceof FailedTransactionMetadata ? result.meta() : result
}
