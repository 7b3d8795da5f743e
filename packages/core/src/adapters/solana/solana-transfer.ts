// A Solana transfer built for the wallet to sign: SOL through the System program, an SPL token
// through the Token program's transferChecked, with the receiver's associated token account
// created first when it has none (the sender pays its rent). What it costs (the fee the chain
// quotes for the message, the rent) and whether the account can pay it are known before the
// wallet is asked, so a transfer that cannot succeed is refused with its sums and nothing sent.

import { SOL_DECIMALS, SOLANA_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/solana-address'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  type Instruction,
  pipe,
  type Rpc,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { unitsToDecimal } from '../../state/send'
import type { ChainTransfer } from '../chain-adapter'
import {
  BelowRentExemptionError,
  SolanaInsufficientFundsError,
  SolanaTokenProgramNotSupportedError,
} from './solana-errors'

export type SolanaRpc = Rpc<SolanaRpcApi>

/** A transfer ready for the wallet: the unsigned transaction and what it costs, in lamports. */
export interface PreparedSolanaTransfer {
  transaction: Transaction
  /** The block height after which the blockhash, and so the transaction, has expired. */
  lastValidBlockHeight: bigint
  fee: bigint
  /** Rent of the receiver's new token account; 0 when it has one (or for SOL). */
  rent: bigint
}

/** A transfer's mint, from the token's CAIP-10 id; undefined for SOL itself. */
export function mintOf(transfer: Pick<ChainTransfer, 'token'>): Address | undefined {
  const last = transfer.token.address?.split(':').at(-1)
  return last && last !== SOLANA_NATIVE_TOKEN_ADDRESS ? address(last) : undefined
}

const sol = (lamports: bigint) => `${unitsToDecimal(lamports, SOL_DECIMALS)} SOL`

interface ParsedAccount {
  lamports: bigint
  owner: Address
  info: Record<string, unknown> | undefined
}

/** Accounts read as jsonParsed: the token program's accounts and mints come back as fields. */
async function readAccounts(rpc: SolanaRpc, addresses: Address[]) {
  const { value } = await rpc.getMultipleAccounts(addresses, { encoding: 'jsonParsed' }).send()
  return value.map((account): ParsedAccount | undefined => {
    if (!account) return undefined
    const data = account.data as { parsed?: { info?: Record<string, unknown> } }
    return { lamports: account.lamports, owner: account.owner, info: data.parsed?.info }
  })
}

/** The unsigned transaction of `instructions` paid by `payer`, and the fee the chain asks. */
async function priced(rpc: SolanaRpc, payer: Address, instructions: readonly Instruction[]) {
  const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const transaction = compiled(payer, instructions, latest)
  const message = getBase64Decoder().decode(
    transaction.messageBytes,
  ) as TransactionMessageBytesBase64
  const { value: fee } = await rpc.getFeeForMessage(message, { commitment: 'confirmed' }).send()
  // null: the blockhash is already unknown to the node (it was just given: a node switch).
  if (fee === null) throw new Error('The network did not price the transaction; try again')
  return { transaction, lastValidBlockHeight: latest.lastValidBlockHeight, fee: BigInt(fee) }
}

function compiled(
  payer: Address,
  instructions: readonly Instruction[],
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
): Transaction {
  // The wallet signs: the message names the payer as a signer whose signature is left empty.
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
}

/** The fee of a plain SOL transfer from the account: what Max keeps back. */
export async function solTransferFee(rpc: SolanaRpc, owner: Address): Promise<bigint> {
  const signer = createNoopSigner(owner)
  const instruction = getTransferSolInstruction({ source: signer, destination: owner, amount: 0 })
  return (await priced(rpc, owner, [instruction])).fee
}

async function prepareSol(
  rpc: SolanaRpc,
  transfer: ChainTransfer,
  owner: Address,
): Promise<PreparedSolanaTransfer> {
  const receiver = address(transfer.receiver)
  const [[sender, receiving], minimum, built] = await Promise.all([
    readAccounts(rpc, [owner, receiver]),
    rpc.getMinimumBalanceForRentExemption(0n).send(),
    priced(rpc, owner, [
      getTransferSolInstruction({
        source: createNoopSigner(owner),
        destination: receiver,
        amount: transfer.units,
      }),
    ]),
  ])
  // A new account must receive its rent-exempt minimum, else the chain refuses the transfer.
  if (!receiving && transfer.units < minimum) throw new BelowRentExemptionError(sol(minimum))
  const balance = sender?.lamports ?? 0n
  if (transfer.units + built.fee > balance) {
    throw new SolanaInsufficientFundsError(
      `The balance is ${sol(balance)}; ${sol(transfer.units)} and the ${sol(built.fee)} network fee are needed`,
    )
  }
  return { ...built, rent: 0n }
}

async function prepareToken(
  rpc: SolanaRpc,
  transfer: ChainTransfer,
  owner: Address,
  mint: Address,
): Promise<PreparedSolanaTransfer> {
  const receiver = address(transfer.receiver)
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
  ])
  const [payer, mintAccount, sending, receiving] = await readAccounts(rpc, [
    owner,
    mint,
    source,
    destination,
  ])
  if (!mintAccount)
    throw new SolanaTokenProgramNotSupportedError(`no program (${mint} is not a mint)`)
  if (mintAccount.owner !== TOKEN_PROGRAM_ADDRESS)
    throw new SolanaTokenProgramNotSupportedError(mintAccount.owner)
  const decimals = Number(mintAccount.info?.decimals)
  const signer = createNoopSigner(owner)
  const instructions: Instruction[] = []
  if (!receiving) {
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: signer,
        ata: destination,
        owner: receiver,
        mint,
      }),
    )
  }
  instructions.push(
    getTransferCheckedInstruction({
      source,
      mint,
      destination,
      authority: signer,
      amount: transfer.units,
      decimals,
    }),
  )
  const [built, rent] = await Promise.all([
    priced(rpc, owner, instructions),
    receiving
      ? Promise.resolve(0n)
      : rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send(),
  ])
  const held = BigInt(
    String((sending?.info?.tokenAmount as { amount?: unknown } | undefined)?.amount ?? 0),
  )
  const symbol = transfer.token.symbol
  if (transfer.units > held) {
    throw new SolanaInsufficientFundsError(
      `The balance is ${unitsToDecimal(held, decimals)} ${symbol}; ${transfer.amount} ${symbol} were asked`,
    )
  }
  const lamports = payer?.lamports ?? 0n
  if (built.fee + rent > lamports) {
    throw new SolanaInsufficientFundsError(
      `The balance is ${sol(lamports)}; the ${sol(built.fee)} network fee and ${sol(rent)} rent for the receiver's token account are needed`,
    )
  }
  return { ...built, rent }
}

/** Builds the transfer on a fresh blockhash and checks the account can pay all of it. */
export function prepareSolanaTransfer(
  rpc: SolanaRpc,
  transfer: ChainTransfer,
): Promise<PreparedSolanaTransfer> {
  const owner = address(transfer.account.address)
  const mint = mintOf(transfer)
  return mint ? prepareToken(rpc, transfer, owner, mint) : prepareSol(rpc, transfer, owner)
}
