// Builds and signs a transaction for the local chain (or any cluster) with @solana/kit: the
// fee payer, the cluster's latest blockhash, the instructions. Tests and scripts share it.
import {
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createTransactionMessage,
  type GetLatestBlockhashApi,
  type Instruction,
  pipe,
  type Rpc,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit'

export async function signWithLatestBlockhash(
  rpc: Rpc<GetLatestBlockhashApi>,
  payer: TransactionSigner,
  instructions: readonly Instruction[],
) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  // kit's signing keeps only "some lifetime" in the type; confirming needs the blockhash one.
  assertIsTransactionWithBlockhashLifetime(transaction)
  return transaction
}
