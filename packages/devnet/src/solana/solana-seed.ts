// Writes the dev state straight into the ledger (no transactions, so no history to replay):
// SOL on every dev account, the two mints with account 9 as their authority, and the
// associated token accounts of accounts 0-4 holding each token.
import { address as toAddress } from '@solana/kit'
import {
  findAssociatedTokenPda,
  getMintEncoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  SOLANA_DEV_LAMPORTS,
  SOLANA_MINT_AUTHORITY_INDEX,
  type SolanaDevAccounts,
} from './solana-accounts'
import type { SolanaLedger } from './solana-ledger'

const SYSTEM_PROGRAM = toAddress('11111111111111111111111111111111')
const FUNDED_TOKEN_HOLDERS = 5

export async function seedSolanaLedger(
  ledger: SolanaLedger,
  dev: SolanaDevAccounts,
): Promise<void> {
  const { svm } = ledger
  for (const account of dev.accounts) {
    svm.setAccount({
      address: account.address,
      lamports: SOLANA_DEV_LAMPORTS as never,
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      data: new Uint8Array(0),
      space: 0n,
    })
  }
  const authority = dev.accounts[SOLANA_MINT_AUTHORITY_INDEX]
  if (!authority) throw new Error('the mint authority is not among the dev accounts')
  const holders = dev.accounts.slice(0, FUNDED_TOKEN_HOLDERS)
  for (const token of [dev.usdc, dev.token]) {
    const mintData = getMintEncoder().encode({
      mintAuthority: authority.address,
      supply: token.perAccount * BigInt(holders.length),
      decimals: token.decimals,
      isInitialized: true,
      freezeAuthority: null,
    })
    svm.setAccount({
      address: token.mint,
      lamports: svm.minimumBalanceForRentExemption(BigInt(mintData.length)) as never,
      programAddress: TOKEN_PROGRAM_ADDRESS,
      executable: false,
      data: new Uint8Array(mintData),
      space: BigInt(mintData.length),
    })
    for (const holder of holders) {
      const [ata] = await findAssociatedTokenPda({
        owner: holder.address,
        mint: token.mint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      })
      const data = getTokenEncoder().encode({
        mint: token.mint,
        owner: holder.address,
        amount: token.perAccount,
        delegate: null,
        state: 1,
        isNative: null,
        delegatedAmount: 0,
        closeAuthority: null,
      })
      svm.setAccount({
        address: ata,
        lamports: svm.minimumBalanceForRentExemption(BigInt(data.length)) as never,
        programAddress: TOKEN_PROGRAM_ADDRESS,
        executable: false,
        data: new Uint8Array(data),
        space: BigInt(data.length),
      })
    }
  }
}
