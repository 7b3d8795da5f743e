// `npx tsx packages/devnet/src/cli.ts [--manifest <file>]`: starts the default devnet, prints
// where everything is and runs until SIGINT or SIGTERM, then stops anvil.
import { rm } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { startDevnet } from './devnet'
import { writeDevnetManifest } from './manifest'
import { formatDevnetSummary } from './summary'

const usage = `Usage: tsx packages/devnet/src/cli.ts [--manifest <file>] [--bare]

Starts Ethereum (chain 1, port 8545) and Base (chain 8453, port 8546) with the Portico
contracts deployed and seeded, and runs until interrupted.

  --manifest <file>  also write the devnet's JSON description to <file> (removed on exit)
  --bare             deploy the contracts but skip liquidity, balances, NFTs and history`

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      manifest: { type: 'string' },
      bare: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage)
    return
  }

  const startedAt = performance.now()
  const devnet = await startDevnet({ seed: !values.bare })
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
  if (values.manifest) await writeDevnetManifest(values.manifest, devnet)

  console.log(`Portico devnet ready in ${seconds} s\n`)
  console.log(formatDevnetSummary(devnet))
  if (values.manifest) console.log(`\nManifest: ${values.manifest}`)
  console.log('\nPress Ctrl+C to stop.')

  const shutdown = async (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping the devnet`)
    await devnet.stop()
    if (values.manifest) await rm(values.manifest, { force: true })
  }
  // `once`: a second Ctrl+C falls through to Node's default and ends the process at once.
  process.once('SIGINT', (signal) => void shutdown(signal))
  process.once('SIGTERM', (signal) => void shutdown(signal))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
