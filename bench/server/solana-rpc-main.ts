// `npx tsx bench/server/solana-rpc-main.ts`: how long @solana/kit's calls take against the local
// Solana chain (straight, and through our server's RPC proxy), a SOL transfer sent and confirmed
// over signatureSubscribe, and how long the chain takes to start. Calls are made one after
// another (latency, not throughput); medians and p95 of each.
import { signWithLatestBlockhash, startSolanaDevnet } from '@portico/devnet/solana'
import { DEV_PROJECT_ID } from '@portico/server'
import { startSolanaServer } from '@portico/server/testing'
import {
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  lamports,
  sendAndConfirmTransactionFactory,
  devnet as testCluster,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { median } from '../stats'

const CALLS = 200
const TRANSFERS = 30

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN
}

async function timed(times: number, call: () => Promise<unknown>): Promise<string> {
  const took: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    await call()
    took.push(performance.now() - started)
  }
  return `p50 ${median(took).toFixed(2)} ms, p95 ${p95(took).toFixed(2)} ms (${times} calls)`
}

const starts: number[] = []
for (let run = 0; run < 3; run++) {
  const started = performance.now()
  const chain = await startSolanaDevnet()
  starts.push(performance.now() - started)
  await chain.stop()
}

const setup = await startSolanaServer()
try {
  const { solana } = setup
  const first = solana.accounts[0]
  if (!first) throw new Error('no dev account')
  const sender = await createKeyPairSignerFromPrivateKeyBytes(first.privateKey)
  console.log('\nLocal Solana chain (litesvm behind our JSON-RPC), @solana/kit clients, 127.0.0.1')
  console.log(`  start (ledger, seed, listen): median ${median(starts).toFixed(0)} ms of 3`)
  for (const [label, url] of [
    ['straight', solana.rpcUrl],
    [
      'via the proxy',
      `${setup.server.url}/v1?${new URLSearchParams({ chainId: solana.caip2, projectId: DEV_PROJECT_ID })}`,
    ],
  ] as const) {
    const rpc = createSolanaRpc(url)
    console.log(`  ${label}:`)
    console.log(
      `    getBalance               ${await timed(CALLS, () => rpc.getBalance(sender.address).send())}`,
    )
    console.log(
      `    getLatestBlockhash       ${await timed(CALLS, () => rpc.getLatestBlockhash().send())}`,
    )
    console.log(
      `    getTokenAccountsByOwner  ${await timed(CALLS, () =>
        rpc
          .getTokenAccountsByOwner(
            sender.address,
            { mint: solana.usdc.mint },
            { encoding: 'jsonParsed' },
          )
          .send(),
      )}`,
    )
  }
  const rpc = createSolanaRpc(testCluster(solana.rpcUrl))
  const subscriptions = createSolanaRpcSubscriptions(testCluster(solana.wsUrl))
  const confirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })
  console.log(
    `  SOL transfer, sign + send + confirm (signatureSubscribe): ${await timed(
      TRANSFERS,
      async () => {
        const receiver = await generateKeyPairSigner()
        const transaction = await signWithLatestBlockhash(rpc, sender, [
          getTransferSolInstruction({
            source: sender,
            destination: receiver.address,
            amount: lamports(1_000_000n),
          }),
        ])
        await confirm(transaction, { commitment: 'confirmed' })
      },
    )}`,
  )
} finally {
  await setup.stop()
}
process.exit(0)
