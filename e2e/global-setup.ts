// Starts the whole product once for every spec: anvil chains, our server, a production build
// of apps/web. Specs read where it runs from the environment.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensurePgliteTemplate } from '@portico/server/testing'
import { startStack } from '../scripts/stack'

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-'))
  const webBuildDir = mkdtempSync(join(tmpdir(), 'portico-e2e-web-'))
  const walletBuildDir = mkdtempSync(join(tmpdir(), 'portico-e2e-wallet-'))
  const template = await ensurePgliteTemplate()
  cpSync(template.path, dataDir, { recursive: true })
  // The build goes into this run's own folder, so two e2e runs on one machine do not clash.
  const stack = await startStack({
    web: 'preview',
    dataDir,
    logLevel: 'warn',
    outDir: webBuildDir,
    walletOutDir: walletBuildDir,
  })
  process.env.PORTICO_WEB_URL = stack.webUrl
  process.env.PORTICO_WALLET_URL = stack.walletUrl
  process.env.PORTICO_API_URL = stack.server.url
  // The embedded wallet frame's page, for specs that embed it themselves as a foreign page would.
  process.env.PORTICO_FRAME_URL = stack.frameUrl
  // The mail catcher: specs read e-mail login codes from its JSON list (GET /messages).
  process.env.PORTICO_MAIL_URL = stack.mailCatcherUrl
  process.env.PORTICO_RPC_URLS = JSON.stringify(
    Object.fromEntries(stack.devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
  )
  // The local Solana chain: specs send from its dev accounts (the anvil mnemonic's Solana keys).
  process.env.PORTICO_SOLANA_RPC_URL = stack.solana.rpcUrl
  process.env.PORTICO_SOLANA_WS_URL = stack.solana.wsUrl
  process.env.PORTICO_DEV_KEYS = JSON.stringify(
    stack.devnet.accounts.map((account) => account.privateKey),
  )
  // npm test starts its Vitest runs beside e2e once the build above no longer takes the CPU.
  const readyFile = process.env.PORTICO_E2E_READY_FILE
  if (readyFile) writeFileSync(readyFile, stack.webUrl)
  return async () => {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(webBuildDir, { recursive: true, force: true })
    rmSync(walletBuildDir, { recursive: true, force: true })
  }
}
