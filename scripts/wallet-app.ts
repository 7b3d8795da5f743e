// Serves apps/wallet (the local WalletConnect wallet) beside the web app: Vite's dev server for
// npm start, a production build for e2e. Its build-time env points it at our relay and chains.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { build, createServer, preview } from 'vite'

const walletRoot = join(import.meta.dirname, '..', 'apps', 'wallet')

export interface WalletAppOptions {
  mode: 'dev' | 'preview'
  port: number
  /** Our server's http(s) URL: the relay is at its `/relay`. */
  serverUrl: string
  projectId: string
  rpcUrls: Record<number, string>
  /** Where the production build goes (preview mode). */
  outDir: string
  logLevel: 'info' | 'warn'
}

export interface WalletApp {
  /** On `localhost`, like the web app. */
  url: string
  close(): Promise<void>
}

export async function startWalletApp(options: WalletAppOptions): Promise<WalletApp> {
  // Vite reads VITE_ variables from process.env into import.meta.env (apps/wallet/src/walletkit/config.ts).
  process.env.VITE_PORTICO_RELAY_URL = `${options.serverUrl.replace(/^http/, 'ws')}/relay`
  process.env.VITE_PORTICO_RPC_URLS = JSON.stringify(options.rpcUrls)
  process.env.VITE_PORTICO_PROJECT_ID = options.projectId
  const { logLevel, port } = options
  const url = `http://localhost:${port}`
  if (options.mode === 'dev') {
    const dev = await createServer({ root: walletRoot, logLevel, server: { port } })
    await dev.listen()
    return { url, close: () => dev.close() }
  }
  mkdirSync(options.outDir, { recursive: true })
  await build({ root: walletRoot, logLevel, build: { outDir: options.outDir, emptyOutDir: true } })
  const served = await preview({
    root: walletRoot,
    logLevel,
    build: { outDir: options.outDir },
    preview: { port },
  })
  return { url, close: () => served.close() }
}
