// The account's NFTs from our server (GET /v1/account/{address}/nfts). Kept out of
// blockchain.ts: only the lazily loaded Account view asks for NFTs, so a page that never opens
// it never loads this.
import { parseCaipNetworkId } from '../caip'
import type { HttpClient } from './http'

export interface AccountNft {
  /** `eip155:1:0xcontract:tokenId` */
  id: string
  chainId: string
  contract: string
  tokenId: string
  standard: 'ERC721' | 'ERC1155'
  /** How many the account holds ("1" for ERC-721). */
  amount: string
  name: string
  /** A data: URI for on-chain metadata; null when none is known. */
  imageUrl: string | null
  collection: { name: string | null; symbol: string | null }
}

export interface NftPage {
  data: AccountNft[]
  /** The cursor of the next page; null on the last one. */
  next: string | null
}

export async function fetchAccountNfts(
  http: HttpClient,
  address: string,
  caipNetworkId: string,
  options: { cursor?: string; signal?: AbortSignal } = {},
): Promise<NftPage> {
  parseCaipNetworkId(caipNetworkId)
  const answer = await http.get<Partial<NftPage>>(
    `/v1/account/${encodeURIComponent(address)}/nfts`,
    { query: { chainId: caipNetworkId, cursor: options.cursor }, signal: options.signal },
  )
  return { data: Array.isArray(answer?.data) ? answer.data : [], next: answer?.next ?? null }
}
