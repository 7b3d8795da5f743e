// The whole product on one machine: anvil chains with the devnet contracts, our server on
// them, and the web app, either as Vite's dev server (npm start) or as a production build
// served statically (e2e and bench measure what a visitor would get).
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  DEV_ACCOUNTS,
  DEVNET_CONTRACTS,
  type Devnet,
  freePort,
  socialLoginEnv,
  startDevnet,
  startIdentityProvider,
  startMailCatcher,
} from '@portico/devnet'
import type { SolanaDevnet } from '@portico/devnet/solana'
import {
  DEV_PROJECT,
  DEV_PROJECT_ID,
  loadConfig,
  type RunningServer,
  startServer,
} from '@portico/server'
import {
  devnetBalanceConfig,
  devnetConvertConfig,
  solanaDevnetConfig,
} from '@portico/server/testing'
import { build, createServer, preview } from 'vite'
import { buildFrame } from './frame-app'
import { startWalletApp } from './wallet-app'

export const repoRoot = join(import.meta.dirname, '..')
const webRoot = join(repoRoot, 'apps', 'web')

export interface StackOptions {
  /** 'dev': Vite dev server with hot reload; 'preview': a production build, served. */
  web: 'dev' | 'preview'
  /** Fixed ports for npm start; 0 everywhere picks free ones (tests, bench). */
  ports?: {
    ethereum?: number
    base?: number
    /** The local Solana chain's JSON-RPC and WebSocket (one port). */
    solana?: number
    server?: number
    web?: number
    wallet?: number
    /** The mail catcher's SMTP and HTTP ports. */
    mailSmtp?: number
    mailHttp?: number
    /** The embedded wallet frame's listener (the server's second port). */
    frame?: number
    /** The local identity provider standing in for the social login providers. */
    identity?: number
  }
  /** PGlite data folder; tests pass a fresh copy. */
  dataDir?: string
  /** Quiet server logs (tests, bench). */
  logLevel?: 'info' | 'warn' | 'error' | 'silent'
  /** Where the production build goes (preview mode). */
  outDir?: string
  /** Where apps/wallet's production build goes (preview mode). */
  walletOutDir?: string
  /** Where packages/frame's production build goes (the server serves it). */
  frameOutDir?: string
}

export interface Stack {
  devnet: Devnet
  /** The local Solana chain (litesvm), standing in for Solana mainnet. */
  solana: SolanaDevnet
  server: RunningServer
  projectId: string
  /** The page to open, on `localhost`, one of the dev project's origins. */
  webUrl: string
  /** apps/wallet, the local WalletConnect wallet on our relay, also on `localhost`. */
  walletUrl: string
  /** The local mail catcher (page, and JSON at /messages) where the server's code mails land. */
  mailCatcherUrl: string
  /** The embedded wallet frame's page, on the server's frame port (its own origin). */
  frameUrl: string
  /** The local identity provider (google, apple, x, discord, github, facebook under /<name>). */
  identityProviderUrl: string
  stop(): Promise<void>
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const ports = options.ports ?? {}
  // The Solana chain (its modules loaded here, not at import) starts while anvil deploys and
  // seeds, so it adds next to nothing to the start.
  const [evm, svm] = await Promise.allSettled([
    startDevnet({
      chains: [
        { chainId: 1, port: ports.ethereum ?? 0 },
        { chainId: 8453, port: ports.base ?? 0 },
      ],
    }),
    import('@portico/devnet/solana').then(({ startSolanaDevnet }) =>
      startSolanaDevnet({ port: ports.solana ?? 0 }),
    ),
  ])
  if (evm.status === 'rejected' || svm.status === 'rejected') {
    if (evm.status === 'fulfilled') await evm.value.stop()
    if (svm.status === 'fulfilled') await svm.value.stop()
    throw evm.status === 'rejected' ? evm.reason : (svm as PromiseRejectedResult).reason
  }
  const devnet = evm.value
  const solana = svm.value
  const stops: (() => Promise<void>)[] = [() => devnet.stop(), () => solana.stop()]
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined)
  }
  try {
    // A real SMTP server in process: the server mails login codes there, people and e2e read them.
    const mail = await startMailCatcher({
      smtpPort: ports.mailSmtp ?? 0,
      httpPort: ports.mailHttp ?? 0,
    })
    stops.push(() => mail.stop())
    // Real OAuth/OpenID servers in process: the server's social login goes to them. The dev
    // project has its own client at each, registered under its name, as an operator registers
    // one per site: the consent names the site (apps/server/README.md, Social login).
    const identity = await startIdentityProvider({
      port: ports.identity ?? 0,
      sites: [{ projectId: DEV_PROJECT_ID, name: DEV_PROJECT.name }],
    })
    stops.push(() => identity.stop())
    // The frame is served on `localhost` like the page: another port is another origin (every
    // origin check holds), but the same site, so browsers that refuse a cross-site frame its
    // storage (third-party storage blocking) let it keep its login across a reload.
    const framePort = ports.frame || (await freePort())
    const frameDir =
      options.frameOutDir ?? join(repoRoot, 'node_modules', '.cache', 'portico-frame')
    const env = {
      ...process.env,
      SMTP_URL: mail.smtpUrl,
      ...socialLoginEnv(identity),
      FRAME_PORT: String(framePort),
      PORTICO_FRAME_DIR: frameDir,
      PORTICO_FRAME_PUBLIC_URL: `http://localhost:${framePort}`,
      // Farcaster custody is read from the devnet's IdRegistry (the real one is on OP mainnet).
      PORTICO_FARCASTER_ID_REGISTRY: `eip155:1:${DEVNET_CONTRACTS.idRegistry}`,
      // Card purchases: the sandbox checkout, paid from dev account 8 (apps/server/README.md#onramp)
      // unless the environment names another treasury.
      PORTICO_ONRAMP_SANDBOX: '1',
      // A throwaway data folder (e2e, bench) gets a throwaway key; npm start keeps its key in
      // the user's config folder, the server's default, away from .data.
      ...(options.dataDir && !process.env.PORTICO_SHARE_SEAL_KEY
        ? { PORTICO_SHARE_SEAL_KEY: randomBytes(32).toString('hex') }
        : {}),
      PORTICO_ONRAMP_TREASURY_KEY:
        process.env.PORTICO_ONRAMP_TREASURY_KEY ?? DEV_ACCOUNTS[8].privateKey,
    }
    const logLevel = options.logLevel === 'info' ? 'info' : 'warn'
    await buildFrame(frameDir, logLevel)
    const solanaConfig = solanaDevnetConfig(solana)
    const config = loadConfig(env, {
      port: ports.server ?? 0,
      chains: {
        ...Object.fromEntries(devnet.chains.map((chain) => [String(chain.chainId), chain.rpcUrl])),
        ...solanaConfig.chains,
      },
      // SOL, the USD coin and PRTC on the local Solana chain, with fixed prices.
      solanaTokens: solanaConfig.solanaTokens,
      // Prices from the devnet pools, its tokens listed, its spam collection flagged.
      ...devnetBalanceConfig(devnet.chains.map((chain) => chain.chainId)),
      // Swaps on the devnet's Uniswap V2 pools.
      ...devnetConvertConfig(devnet.chains.map((chain) => chain.chainId)),
      spamCollections: devnet.chains.map(
        (chain) => `eip155:${chain.chainId}:${DEVNET_CONTRACTS.spamNft}`,
      ),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    })
    const server = await startServer(config)
    if (!server.frameUrl) throw new Error('The server did not start the embedded wallet frame')
    const frameUrl = server.frameUrl
    stops.push(() => server.close())

    const webPort = ports.web || (await freePort())
    process.env.VITE_PORTICO_API_URL = server.url
    process.env.VITE_PORTICO_PROJECT_ID = DEV_PROJECT_ID
    process.env.VITE_PORTICO_FRAME_URL = frameUrl
    let webServer: { close(): Promise<void> }
    if (options.web === 'dev') {
      const dev = await createServer({ root: webRoot, logLevel, server: { port: webPort } })
      await dev.listen()
      webServer = dev
    } else {
      const outDir = options.outDir ?? join(repoRoot, 'node_modules', '.cache', 'portico-web')
      mkdirSync(outDir, { recursive: true })
      await build({ root: webRoot, logLevel, build: { outDir, emptyOutDir: true } })
      const served = await preview({
        root: webRoot,
        logLevel,
        build: { outDir },
        preview: { port: webPort },
      })
      webServer = { close: () => served.close() }
    }
    stops.push(() => webServer.close())

    const wallet = await startWalletApp({
      mode: options.web,
      port: ports.wallet || (await freePort()),
      serverUrl: server.url,
      projectId: DEV_PROJECT_ID,
      rpcUrls: Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
      outDir: options.walletOutDir ?? join(repoRoot, 'node_modules', '.cache', 'portico-wallet'),
      logLevel,
    })
    stops.push(() => wallet.close())

    return {
      devnet,
      solana,
      server,
      projectId: DEV_PROJECT_ID,
      webUrl: `http://localhost:${webPort}`,
      walletUrl: wallet.url,
      mailCatcherUrl: mail.url,
      frameUrl,
      identityProviderUrl: identity.url,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
