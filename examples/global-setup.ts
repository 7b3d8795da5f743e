// Starts anvil (Ethereum and Base) and our server while the packages are built, packed and
// installed into both examples; then builds each example against that server and serves it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startDevnet } from '@portico/devnet'
import { DEV_PROJECT_ID, loadConfig, startServer } from '@portico/server'
import {
  devnetBalanceConfig,
  ensurePgliteTemplate,
  solanaDevnetConfig,
} from '@portico/server/testing'
import {
  buildAndServe,
  type ExampleServer,
  holdWorkRoot,
  installExample,
  packPackages,
  workRoot,
} from '../scripts/examples-check'

async function startChainsAndServer() {
  const [devnet, solana] = await Promise.all([
    startDevnet({
      chains: [
        { chainId: 1, port: 0 },
        { chainId: 8453, port: 0 },
      ],
    }),
    import('@portico/devnet/solana').then(({ startSolanaDevnet }) => startSolanaDevnet()),
  ])
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-example-data-'))
  try {
    cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
    const chainIds = devnet.chains.map((chain) => chain.chainId)
    const server = await startServer(
      loadConfig(process.env, {
        port: 0,
        chains: {
          ...Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
          ...solanaDevnetConfig(solana).chains,
        },
        ...devnetBalanceConfig(chainIds),
        solanaTokens: solanaDevnetConfig(solana).solanaTokens,
        dataDir,
        logLevel: 'warn',
      }),
    )
    return {
      devnet,
      server,
      async stop() {
        await server.close()
        await Promise.all([devnet.stop(), solana.stop()])
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await Promise.all([devnet.stop(), solana.stop()])
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}

/** Where the check's minutes go, printed with npm test's output. */
function since(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`
}

export default async function globalSetup() {
  let started = performance.now()
  const release = await holdWorkRoot()
  const [chains, packs] = await Promise.allSettled([startChainsAndServer(), packPackages()])
  if (chains.status === 'rejected' || packs.status === 'rejected') {
    if (chains.status === 'fulfilled') await chains.value.stop()
    release()
    throw chains.status === 'rejected' ? chains.reason : (packs as PromiseRejectedResult).reason
  }
  const stack = chains.value
  const tarballs = packs.value
  console.log(`examples: packages built and packed, chains and server up in ${since(started)}`)
  const served: ExampleServer[] = []
  try {
    const backend = { apiUrl: stack.server.url, projectId: DEV_PROJECT_ID }
    for (const name of ['vite', 'next'] as const) {
      started = performance.now()
      const work = await installExample(name, tarballs)
      const installed = since(started)
      const example = await buildAndServe(name, work, backend, await freePort())
      console.log(
        `examples/${name}: installed in ${installed}, ready (built and served) after ${since(started)}`,
      )
      served.push(example)
      process.env[`PORTICO_EXAMPLE_${name.toUpperCase()}_URL`] = example.url
    }
  } catch (error) {
    for (const example of served) example.stop()
    await stack.stop()
    release()
    throw error
  }
  process.env.PORTICO_EXAMPLE_VITE_DIST = join(workRoot, 'vite', 'dist')
  process.env.PORTICO_RPC_URLS = JSON.stringify(
    Object.fromEntries(stack.devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
  )
  process.env.PORTICO_DEV_KEYS = JSON.stringify(
    stack.devnet.accounts.map((account) => account.privateKey),
  )
  return async () => {
    for (const example of served) example.stop()
    await stack.stop()
    release()
  }
}
