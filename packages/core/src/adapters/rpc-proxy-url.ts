// Our server's JSON-RPC proxy for one network (POST /v1?chainId=&projectId=): every namespace's
// reads and sends go through it, so the page never talks to a third-party RPC.
import { RPC_PROXY_PATH } from '@portico/protocol/route-paths'
import type { RpcProxyQuery } from '@portico/protocol/rpc-proxy'

/** The proxy's query keys are the protocol's: a renamed key fails to compile here. */
export function rpcProxyUrl(apiUrl: string, projectId: string, caipNetworkId: string): string {
  const base = apiUrl.replace(/\/$/, '')
  // The CAIP-2 id is sent as it reads (`eip155:1`, `solana:5eykt...`), the project id escaped.
  const query = {
    chainId: caipNetworkId,
    projectId: encodeURIComponent(projectId),
  } satisfies RpcProxyQuery
  const text = Object.entries(query).map(([name, value]) => `${name}=${value}`)
  return `${base}${RPC_PROXY_PATH}?${text.join('&')}`
}
