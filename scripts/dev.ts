// `npm start`: the whole product on its embedded defaults, until Ctrl-C.
import { startStack } from './stack'

const stack = await startStack({
  web: 'dev',
  ports: {
    ethereum: 8545,
    base: 8546,
    solana: 8899,
    server: 8787,
    web: 5173,
    wallet: 5174,
    mailSmtp: 1025,
    mailHttp: 1080,
    frame: 8788,
    identity: 9090,
  },
  logLevel: 'warn',
})

const lines = [
  '',
  'Portico is running.',
  `  Open:        ${stack.webUrl}`,
  `  Server:      ${stack.server.url}  (project id ${stack.projectId})`,
  `  Wallet:      ${stack.walletUrl}  (WalletConnect test wallet; ?account=N picks a dev account)`,
  `  Mail:        ${stack.mailCatcherUrl}  (e-mail login codes land here; SMTP on :1025)`,
  `  Frame:       ${stack.frameUrl}  (the embedded wallet, loaded by the modal)`,
  `  Logins:      ${stack.identityProviderUrl}  (local google, apple, x, discord, github, facebook)`,
  ...stack.devnet.chains.map(
    (chain) => `  ${chain.name.padEnd(12)} ${chain.rpcUrl}  (chain id ${chain.chainId})`,
  ),
  `  Solana       ${stack.solana.rpcUrl}  (WebSocket ${stack.solana.wsUrl}; ${stack.solana.caip2}, mainnet's id)`,
  '  Dev accounts (anvil test mnemonic, funded with ETH, USDC and PRTC):',
  ...stack.devnet.accounts.slice(0, 3).map((account, index) => `    #${index} ${account.address}`),
  "  Solana dev accounts (the same mnemonic, m/44'/501'/n'/0'; SOL, USDC and PRTC):",
  ...stack.solana.accounts.slice(0, 3).map((account, index) => `    #${index} ${account.address}`),
  `    USDC mint ${stack.solana.usdc.mint}, PRTC mint ${stack.solana.token.mint}`,
  '',
  'Press Ctrl-C to stop everything.',
  '',
]
process.stdout.write(`${lines.join('\n')}\n`)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  process.stdout.write('\nStopping Portico…\n')
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
