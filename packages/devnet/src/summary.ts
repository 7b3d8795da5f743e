// The short, human summary the CLI prints once the devnet is up.
import { DEPLOYER_ACCOUNT_INDEX } from './accounts'
import { DEVNET_PAIRS } from './addresses'
import type { Devnet } from './devnet'

const contractLabels: Record<string, string> = {
  weth: 'WETH9',
  uniswapV2Factory: 'Uniswap V2 factory',
  uniswapV2Router: 'Uniswap V2 router',
  usdc: 'USD Coin (USDC)',
  token: 'Portico Token (PRTC)',
  nft: 'Portico Explorers (PEXP)',
  spamNft: 'Free Claim Rewards (CLAIM, spam)',
  badges: 'Portico Badges (ERC-1155)',
}

export function formatDevnetSummary(devnet: Omit<Devnet, 'stop'>): string {
  const lines: string[] = ['Chains']
  for (const chain of devnet.chains) {
    lines.push(`  ${chain.name.padEnd(10)} ${String(chain.chainId).padEnd(6)} ${chain.rpcUrl}`)
  }
  const first = devnet.chains[0]
  if (first) {
    lines.push('', 'Contracts (the same address on every chain)')
    for (const [name, address] of Object.entries(first.deployment)) {
      lines.push(`  ${(contractLabels[name] ?? name).padEnd(34)} ${address}`)
    }
  }
  if (devnet.seeded) {
    lines.push(
      `  ${'Uniswap V2 pair WETH/USDC'.padEnd(34)} ${DEVNET_PAIRS.wethUsdc}`,
      `  ${'Uniswap V2 pair PRTC/USDC'.padEnd(34)} ${DEVNET_PAIRS.tokenUsdc}`,
    )
  }
  lines.push('', 'Dev accounts (public test keys: never use them on a real network)')
  devnet.accounts.forEach((account, index) => {
    const role = index === DEPLOYER_ACCOUNT_INDEX ? '  deployer' : ''
    lines.push(`  ${String(index).padStart(2)}  ${account.address}  ${account.privateKey}${role}`)
  })
  return lines.join('\n')
}
