// The HTTP JSON-RPC methods of the local Solana chain, with the validator's result shapes
// (`{context, value}` where a validator wraps) so that @solana/kit's createSolanaRpc reads them
// unchanged. Every value is as of the current slot: the chain finalizes what it processes.
import {
  type Address,
  getAddressEncoder,
  getBase58Decoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
} from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { FailedTransactionMetadata } from 'litesvm'
import {
  type AccountEncoding,
  encodeAccount,
  readAccount,
  readAccountEncoding,
} from './account-encoding'
import {
  INVALID_PARAMS,
  invalidParams,
  METHOD_NOT_FOUND,
  MIN_CONTEXT_SLOT_NOT_REACHED,
  PREFLIGHT_FAILURE,
  SIGNATURE_VERIFICATION_FAILURE,
  SolanaRpcError,
} from './rpc-error'
import {
  readAddress,
  readArray,
  readConfig,
  readEncodedBytes,
  readSignature,
  readUnsigned,
} from './rpc-params'
import { type DecodedTransaction, decodeTransaction, type SolanaLedger } from './solana-ledger'
import {
  describeTransactionError,
  executionError,
  executionMeta,
  type TransactionErrorJson,
} from './transaction-error'

/** Mainnet's genesis hash: the local chain stands in for mainnet, as anvil's chain 1 does. */
export const LOCAL_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const API_VERSION = '2.3.0'
const LAMPORTS_PER_SIGNATURE = 5000n
const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAxS7GCyiwAvGJHVsf4P5PhQQ'
const MAX_MULTIPLE_ACCOUNTS = 100
const MAX_SIGNATURE_STATUSES = 256
/** The most an airdrop may ask for, like a test validator's faucet cap. */
const MAX_AIRDROP_LAMPORTS = 1_000_000_000_000_000n

type Method = (ledger: SolanaLedger, params: unknown[]) => unknown

function context(ledger: SolanaLedger, config: Record<string, unknown>) {
  const min = config.minContextSlot
  if (typeof min === 'number' && BigInt(min) > ledger.slot) {
    throw new SolanaRpcError(
      MIN_CONTEXT_SLOT_NOT_REACHED,
      'Minimum context slot has not been reached',
      {
        contextSlot: ledger.slot,
      },
    )
  }
  return { apiVersion: API_VERSION, slot: ledger.slot }
}

function withContext(ledger: SolanaLedger, config: Record<string, unknown>, value: unknown) {
  return { context: context(ledger, config), value }
}

function decodeWireTransaction(bytes: Uint8Array): DecodedTransaction {
  try {
    return decodeTransaction(bytes)
  } catch {
    throw invalidParams(
      'failed to deserialize solana_transaction::versioned::VersionedTransaction: io error: unexpected end of file',
    )
  }
}

function signaturesComplete(decoded: DecodedTransaction): boolean {
  return Object.values(decoded.transaction.signatures).every((signature) => signature !== null)
}

const base64 = getBase64Decoder()
const base58 = getBase58Decoder()

function returnData(meta: ReturnType<typeof executionMeta>) {
  const data = meta.returnData()
  const bytes = data.data()
  if (bytes.length === 0) return null
  return { programId: base58.decode(data.programId()), data: [base64.decode(bytes), 'base64'] }
}

function simulationValue(
  ledger: SolanaLedger,
  decoded: DecodedTransaction,
  sigVerify: boolean,
  addresses: Address[] | null,
  encoding: AccountEncoding,
) {
  const result = ledger.simulate(decoded.transaction, sigVerify)
  const failed = result instanceof FailedTransactionMetadata
  const meta = failed ? result.meta() : result.meta()
  let accounts: unknown = null
  if (addresses) {
    const post = failed ? [] : result.postAccounts()
    accounts = addresses.map((address) => {
      const account = post.find((candidate) => candidate.address === address)
      return account
        ? encodeAccount(ledger, account, encoding)
        : readAccount(ledger, address, encoding)
    })
  }
  return {
    err: failed ? executionError(result) : null,
    logs: meta.logs(),
    accounts,
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData: returnData(meta),
    innerInstructions: null,
    loadedAccountsDataSize: 0,
  }
}

function blockhashNotFoundPreflight(): SolanaRpcError {
  return preflightFailure('BlockhashNotFound', [], 0n)
}

function preflightFailure(err: TransactionErrorJson, logs: string[], unitsConsumed: bigint) {
  return new SolanaRpcError(
    PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${describeTransactionError(err)}`,
    {
      err,
      logs,
      accounts: null,
      unitsConsumed,
      returnData: null,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
    },
  )
}

function signatureFailure(): SolanaRpcError {
  return new SolanaRpcError(
    SIGNATURE_VERIFICATION_FAILURE,
    'Transaction signature verification failure',
  )
}

function tokenAccountsByOwner(ledger: SolanaLedger, params: unknown[]) {
  const owner = readAddress(params[0])
  const filter = readConfig(params[1])
  const config = readConfig(params[2])
  const encoding = readAccountEncoding(config.encoding, 'base58')
  let programId: Address
  let mint: Address | null = null
  if (filter.mint !== undefined) {
    mint = readAddress(filter.mint)
    const mintAccount = ledger.svm.getAccount(mint)
    if (!mintAccount.exists) throw invalidParams('Invalid param: could not find mint')
    programId = mintAccount.programAddress
  } else if (filter.programId !== undefined) {
    programId = readAddress(filter.programId)
    if (programId !== TOKEN_PROGRAM_ADDRESS && programId !== TOKEN_2022_PROGRAM_ADDRESS) {
      throw invalidParams('Invalid param: unrecognized Token program id')
    }
  } else {
    throw invalidParams('Invalid param: expected a mint or a programId filter')
  }
  const ownerBytes = getAddressEncoder().encode(owner)
  const mintBytes = mint ? getAddressEncoder().encode(mint) : null
  const matches = ledger.svm.getProgramAccounts(programId).filter((account) => {
    const data = new Uint8Array(account.data)
    if (data.length < 165) return false
    if (!sameBytes(data.subarray(32, 64), ownerBytes)) return false
    return !mintBytes || sameBytes(data.subarray(0, 32), mintBytes)
  })
  return withContext(
    ledger,
    config,
    matches.map((account) => ({
      pubkey: account.address,
      account: encodeAccount(ledger, account, encoding),
    })),
  )
}

function sameBytes(a: Uint8Array, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

const messageDecoder = getCompiledTransactionMessageDecoder()

export const RPC_METHODS: Record<string, Method> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': 0 }),
  getGenesisHash: () => LOCAL_GENESIS_HASH,
  getSlot: (ledger, params) => context(ledger, readConfig(params[0])).slot,
  getBlockHeight: (ledger, params) => {
    context(ledger, readConfig(params[0]))
    return ledger.blockHeight
  },
  getEpochInfo: (ledger, params) => {
    context(ledger, readConfig(params[0]))
    const schedule = ledger.svm.getEpochSchedule()
    const slotsInEpoch = schedule.slotsPerEpoch
    return {
      absoluteSlot: ledger.slot,
      blockHeight: ledger.blockHeight,
      epoch: ledger.slot / slotsInEpoch,
      slotIndex: ledger.slot % slotsInEpoch,
      slotsInEpoch,
      transactionCount: ledger.transactionCount,
    }
  },
  getTransactionCount: (ledger, params) => {
    context(ledger, readConfig(params[0]))
    return ledger.transactionCount
  },
  getBalance: (ledger, params) => {
    const address = readAddress(params[0])
    const config = readConfig(params[1])
    return withContext(ledger, config, BigInt(ledger.svm.getBalance(address) ?? 0n))
  },
  getAccountInfo: (ledger, params) => {
    const address = readAddress(params[0])
    const config = readConfig(params[1])
    const encoding = readAccountEncoding(config.encoding, 'base58')
    return withContext(ledger, config, readAccount(ledger, address, encoding))
  },
  getMultipleAccounts: (ledger, params) => {
    const addresses = readArray(params[0], 'the account list', MAX_MULTIPLE_ACCOUNTS).map(
      readAddress,
    )
    const config = readConfig(params[1])
    const encoding = readAccountEncoding(config.encoding, 'base64')
    return withContext(
      ledger,
      config,
      addresses.map((address) => readAccount(ledger, address, encoding)),
    )
  },
  getLatestBlockhash: (ledger, params) =>
    withContext(ledger, readConfig(params[0]), ledger.latestBlockhash()),
  isBlockhashValid: (ledger, params) => {
    if (typeof params[0] !== 'string') throw invalidParams('Invalid param: Invalid')
    return withContext(ledger, readConfig(params[1]), ledger.isBlockhashValid(params[0]))
  },
  getFeeForMessage: (ledger, params) => {
    const config = readConfig(params[1])
    const bytes = readEncodedBytes(params[0], 'base64')
    let message: ReturnType<typeof messageDecoder.decode>
    try {
      message = messageDecoder.decode(bytes)
    } catch {
      throw invalidParams('invalid message: failed to deserialize')
    }
    const fee = ledger.isBlockhashValid(message.lifetimeToken)
      ? LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)
      : null
    return withContext(ledger, config, fee)
  },
  getMinimumBalanceForRentExemption: (ledger, params) => {
    const size = readUnsigned(params[0] ?? 0, 'the data size')
    if (size > 10_485_760n) throw invalidParams('Invalid params: the data size is above 10 MiB')
    return ledger.svm.minimumBalanceForRentExemption(size)
  },
  getSignatureStatuses: (ledger, params) => {
    const signatures = readArray(params[0], 'the signature list', MAX_SIGNATURE_STATUSES).map(
      readSignature,
    )
    const config = readConfig(params[1])
    return withContext(
      ledger,
      config,
      signatures.map((signature) => {
        const status = ledger.status(signature)
        if (!status) return null
        return {
          slot: status.slot,
          confirmations: null,
          err: status.err,
          status: status.err === null ? { Ok: null } : { Err: status.err },
          confirmationStatus: 'finalized',
        }
      }),
    )
  },
  getTokenAccountsByOwner: tokenAccountsByOwner,
  simulateTransaction: (ledger, params) => {
    const config = readConfig(params[1])
    const decoded = decodeWireTransaction(readEncodedBytes(params[0], config.encoding))
    const sigVerify = config.sigVerify === true
    const replace = config.replaceRecentBlockhash === true
    if (sigVerify && replace) {
      throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    }
    if (sigVerify && !signaturesComplete(decoded)) throw signatureFailure()
    const accountsConfig = readConfig(config.accounts)
    const addresses =
      accountsConfig.addresses === undefined
        ? null
        : readArray(accountsConfig.addresses, 'the account list', MAX_MULTIPLE_ACCOUNTS).map(
            readAddress,
          )
    const encoding = readAccountEncoding(accountsConfig.encoding, 'base64')
    if (!replace && !ledger.isBlockhashValid(decoded.blockhash)) {
      return withContext(ledger, config, {
        err: 'BlockhashNotFound',
        logs: [],
        accounts: null,
        unitsConsumed: 0n,
        returnData: null,
        innerInstructions: null,
        loadedAccountsDataSize: 0,
      })
    }
    const value = simulationValue(ledger, decoded, sigVerify, addresses, encoding)
    return withContext(
      ledger,
      config,
      replace ? { ...value, replacementBlockhash: ledger.latestBlockhash() } : value,
    )
  },
  sendTransaction: (ledger, params) => {
    const config = readConfig(params[1])
    const decoded = decodeWireTransaction(readEncodedBytes(params[0], config.encoding))
    context(ledger, config)
    if (!signaturesComplete(decoded)) throw signatureFailure()
    if (!ledger.isBlockhashValid(decoded.blockhash)) {
      // A validator drops such a transaction; with preflight it says why first.
      if (config.skipPreflight === true) return decoded.signature
      throw blockhashNotFoundPreflight()
    }
    if (config.skipPreflight !== true) {
      const result = ledger.simulate(decoded.transaction, true)
      if (result instanceof FailedTransactionMetadata) {
        const err = executionError(result) ?? 'SanitizeFailure'
        if (err === 'SignatureFailure') throw signatureFailure()
        const meta = executionMeta(result)
        throw preflightFailure(err, meta.logs(), meta.computeUnitsConsumed())
      }
    }
    ledger.execute(decoded)
    return decoded.signature
  },
  requestAirdrop: (ledger, params) => {
    const address = readAddress(params[0])
    const lamports = readUnsigned(params[1], 'lamports')
    if (lamports > MAX_AIRDROP_LAMPORTS) {
      throw new SolanaRpcError(
        INVALID_PARAMS,
        'Invalid params: the airdrop is above the faucet limit',
      )
    }
    return ledger.airdrop(address, lamports).signature
  },
}

export function callMethod(ledger: SolanaLedger, method: string, params: unknown[]): unknown {
  const handler = Object.hasOwn(RPC_METHODS, method) ? RPC_METHODS[method] : undefined
  if (!handler) throw new SolanaRpcError(METHOD_NOT_FOUND, 'Method not found')
  return handler(ledger, params)
}
