// The account's NFTs from our server (GET /v1/account/{address}/nfts). Kept out of
// blockchain.ts: only the lazily loaded Account view asks for NFTs, so a page that never opens
// it never loads this.

import type { AccountNft, NftPage, NftsQuery } from '@portico/protocol/nfts'
import { ACCOUNT_NFTS_PATH, routePath } from '@portico/protocol/route-paths'
import { parseCaipNetworkId } from '../caip'
import type { HttpClient, RouteQuery } from './http'

export type { AccountNft, NftPage }

export async function fetchAccountNfts(
  http: HttpClient,
  address: string,
  caipNetworkId: string,
  options: { cursor?: string; signal?: AbortSignal } = {},
): Promise<NftPage> {
  parseCaipNetworkId(caipNetworkId)
  const answer = await http.get<Partial<NftPage>>(
    routePath(ACCOUNT_NFTS_PATH, { account: address }),
    {
      query: { chainId: caipNetworkId, cursor: options.cursor } satisfies RouteQuery<NftsQuery>,
      signal: options.signal,
    },
  )
  return { data: Array.isArray(answer?.data) ? answer.data : [], next: answer?.next ?? null }
}
