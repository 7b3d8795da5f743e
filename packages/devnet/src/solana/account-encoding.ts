// Accounts as getAccountInfo, getMultipleAccounts, getTokenAccountsByOwner and accountSubscribe
// return them: base64, base58 or jsonParsed (SPL token accounts and mints; anything else falls
// back to base64, as on a validator).
import { type Address, type EncodedAccount, getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { invalidParams } from './rpc-error'
import type { SolanaLedger } from './solana-ledger'

const base64 = getBase64Decoder()
const base58 = getBase58Decoder()
/** Validators report u64::MAX as the rent epoch of every rent-exempt account. */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n
const MINT_SIZE = 82
const TOKEN_ACCOUNT_SIZE = 165

export type AccountEncoding = 'base64' | 'base58' | 'jsonParsed'

export function readAccountEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined) return fallback
  if (value === 'base64' || value === 'base58' || value === 'jsonParsed') return value
  throw invalidParams(`Invalid params: unsupported encoding ${JSON.stringify(value)}`)
}

function uiAmount(amount: bigint, decimals: number): { uiAmount: number; uiAmountString: string } {
  const scale = 10n ** BigInt(decimals)
  const whole = amount / scale
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`
  return { uiAmount: Number(uiAmountString), uiAmountString }
}

function parsedTokenData(ledger: SolanaLedger, account: EncodedAccount): unknown | null {
  if (account.programAddress !== TOKEN_PROGRAM_ADDRESS) return null
  const bytes = new Uint8Array(account.data)
  if (bytes.length === MINT_SIZE) {
    const mint = getMintDecoder().decode(bytes)
    return {
      program: 'spl-token',
      space: MINT_SIZE,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority:
            mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
          supply: mint.supply.toString(),
        },
      },
    }
  }
  if (bytes.length !== TOKEN_ACCOUNT_SIZE) return null
  const token = getTokenDecoder().decode(bytes)
  const mintAccount = ledger.svm.getAccount(token.mint)
  if (!mintAccount.exists || mintAccount.data.length !== MINT_SIZE) return null
  const { decimals } = getMintDecoder().decode(new Uint8Array(mintAccount.data))
  const states = ['uninitialized', 'initialized', 'frozen'] as const
  return {
    program: 'spl-token',
    space: TOKEN_ACCOUNT_SIZE,
    parsed: {
      type: 'account',
      info: {
        isNative: token.isNative.__option === 'Some',
        mint: token.mint,
        owner: token.owner,
        state: states[token.state] ?? 'initialized',
        tokenAmount: {
          amount: token.amount.toString(),
          decimals,
          ...uiAmount(token.amount, decimals),
        },
      },
    },
  }
}

export function encodeAccount(
  ledger: SolanaLedger,
  account: EncodedAccount,
  encoding: AccountEncoding,
): Record<string, unknown> {
  const bytes = new Uint8Array(account.data)
  let data: unknown
  if (encoding === 'jsonParsed') data = parsedTokenData(ledger, account)
  if (data === undefined || data === null) {
    if (encoding === 'base58') {
      if (bytes.length > 128) {
        throw invalidParams(
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        )
      }
      data = [base58.decode(bytes), 'base58']
    } else {
      data = [base64.decode(bytes), 'base64']
    }
  }
  return {
    data,
    executable: account.executable,
    lamports: BigInt(account.lamports),
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(bytes.length),
  }
}

export function readAccount(
  ledger: SolanaLedger,
  address: Address,
  encoding: AccountEncoding,
): Record<string, unknown> | null {
  const account = ledger.svm.getAccount(address)
  return account.exists ? encodeAccount(ledger, account, encoding) : null
}
