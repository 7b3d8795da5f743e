import { fetchNftsPage, nftsStore } from '@portico/core'
import { useEffect } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { Spinner } from '../../ui/spinner'
import { useInfiniteScroll } from './use-infinite-scroll'

/** A tile without an image shows its collection's initials: "Portico Badges" -> "PB". */
function monogram(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase())
    .join('')
  return initials || '?'
}

export function NftsPanel({ address, caipNetworkId }: { address: string; caipNetworkId: string }) {
  const client = usePorticoApiClient()
  const state = useStore(nftsStore)
  useEffect(() => {
    void fetchNftsPage(client, address, caipNetworkId, { first: true })
  }, [client, address, caipNetworkId])
  const current = state.caipAddress === `${caipNetworkId}:${address}`
  const sentinel = useInfiniteScroll(current && state.next !== undefined, state.nfts.length, () => {
    void fetchNftsPage(client, address, caipNetworkId)
  })

  if (!current || (!state.loaded && !state.failed)) {
    return (
      <div className="portico-panel-state">
        <Spinner label="Loading NFTs" />
      </div>
    )
  }
  if (state.nfts.length === 0) {
    return (
      <p className="portico-panel-state portico-muted">
        {state.failed ? 'Failed to fetch NFTs' : 'No NFTs yet'}
      </p>
    )
  }
  return (
    <>
      <ul className="portico-nft-grid" aria-label="NFTs">
        {state.nfts.map((nft) => (
          <li key={nft.id}>
            <figure className="portico-nft">
              {nft.imageUrl?.startsWith('data:image/') ? (
                <img src={nft.imageUrl} alt={nft.name} loading="lazy" />
              ) : (
                <span className="portico-nft-placeholder" role="img" aria-label={nft.name}>
                  <span className="portico-nft-monogram" aria-hidden="true">
                    {monogram(nft.collection.name ?? nft.name)}
                  </span>
                  {nft.collection.name ? (
                    <span className="portico-nft-collection" aria-hidden="true">
                      {nft.collection.name}
                    </span>
                  ) : null}
                </span>
              )}
              <figcaption>
                {nft.name}
                {nft.amount !== '1' ? ` ×${nft.amount}` : ''}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {state.loading ? <Spinner label="Loading more NFTs" /> : null}
      <div ref={sentinel} className="portico-sentinel" />
    </>
  )
}
