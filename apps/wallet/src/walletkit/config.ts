// Where the wallet connects and which key it signs with. Build-time values come from Vite's
// env (scripts/stack.ts sets them); the page's query string overrides each one, so a test or a
// developer can point one tab at another relay, chain or account without rebuilding.
import { DEV_ACCOUNTS } from '@portico/devnet/accounts'
import type { Hex } from 'viem'
import { SUPPORTED_CHAIN_IDS, type SupportedChainId } from './chains'

/** The server's seeded dev project (apps/server/src/projects/dev-project.ts). */
export const DEFAULT_PROJECT_ID = 'f94537f769cddac7aff0d3d7b370838e'
export const DEFAULT_RELAY_URL = 'ws://localhost:8787/relay'

export interface WalletConfig {
  relayUrl: string
  projectId: string
  rpcUrls: Record<SupportedChainId, string>
  accountIndex: number
  privateKey: Hex
}

/** The VITE_ variables the wallet reads (all optional). */
export interface WalletEnv {
  VITE_PORTICO_RELAY_URL?: string
  VITE_PORTICO_PROJECT_ID?: string
  VITE_PORTICO_RPC_URLS?: string
  VITE_PORTICO_API_URL?: string
}

export class WalletConfigError extends Error {
  override name = 'WalletConfigError'
}

function parseRpcUrls(json: string | null | undefined): Partial<Record<string, string>> {
  if (!json) return {}
  try {
    const parsed: unknown = JSON.parse(json)
    if (parsed && typeof parsed === 'object') return parsed as Record<string, string>
  } catch {}
  throw new WalletConfigError(`RPC URLs are not a JSON object of chain id to URL: ${json}`)
}

/** `ws(s)://host/relay` for a server's `http(s)://host` URL. */
export function relayUrlOf(serverUrl: string): string {
  return `${serverUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/relay`
}

export function readWalletConfig(env: WalletEnv, search: string): WalletConfig {
  const query = new URLSearchParams(search)
  const apiUrl = query.get('apiUrl') ?? env.VITE_PORTICO_API_URL
  const projectId = query.get('projectId') ?? env.VITE_PORTICO_PROJECT_ID ?? DEFAULT_PROJECT_ID
  const relayUrl =
    query.get('relayUrl') ??
    env.VITE_PORTICO_RELAY_URL ??
    (apiUrl ? relayUrlOf(apiUrl) : DEFAULT_RELAY_URL)

  const configured = {
    ...parseRpcUrls(env.VITE_PORTICO_RPC_URLS),
    ...parseRpcUrls(query.get('rpcUrls')),
  }
  const rpcUrls = {} as Record<SupportedChainId, string>
  for (const chainId of SUPPORTED_CHAIN_IDS) {
    const url =
      configured[String(chainId)] ??
      // The server's RPC proxy serves every chain it is configured with.
      (apiUrl ? `${apiUrl}/v1?chainId=eip155:${chainId}&projectId=${projectId}` : undefined)
    if (!url) throw new WalletConfigError(`No RPC URL for chain ${chainId}`)
    rpcUrls[chainId] = url
  }

  const accountIndex = Number(query.get('account') ?? '0')
  const account = DEV_ACCOUNTS[accountIndex]
  if (!Number.isInteger(accountIndex) || !account) {
    throw new WalletConfigError(
      `account must be a dev account index from 0 to ${DEV_ACCOUNTS.length - 1}`,
    )
  }
  return { relayUrl, projectId, rpcUrls, accountIndex, privateKey: account.privateKey }
}
