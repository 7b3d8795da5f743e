import { afterEach, describe, expect, it } from 'vitest'
import type { AccountNft } from '../api/nfts'
import { appendNftsPage, failNftsFetch, nftsStore, startNftsFetch } from './nfts'

const nft = (tokenId: string): AccountNft => ({
  id: `eip155:1:0xabc:${tokenId}`,
  chainId: 'eip155:1',
  contract: '0xabc',
  tokenId,
  standard: 'ERC721',
  amount: '1',
  name: `Explorer #${tokenId}`,
  imageUrl: null,
  collection: { name: 'Explorers', symbol: 'PEXP' },
})
const mine = 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

afterEach(() => nftsStore.reset())

describe('the NFTs store', () => {
  it('appends pages on the cursor, each NFT once', () => {
    startNftsFetch(mine)
    appendNftsPage(mine, { data: [nft('1'), nft('2')], next: 'c1' })
    expect(nftsStore.get()).toMatchObject({ loaded: true, loading: false, next: 'c1' })
    startNftsFetch(mine)
    appendNftsPage(mine, { data: [nft('2'), nft('3')], next: null })
    expect(nftsStore.get().nfts.map((entry) => entry.tokenId)).toEqual(['1', '2', '3'])
    expect(nftsStore.get().next).toBeUndefined()
  })

  it('starts over for another account or network, and ignores late pages of the old one', () => {
    startNftsFetch(mine)
    appendNftsPage(mine, { data: [nft('1')], next: null })
    startNftsFetch('eip155:8453:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    appendNftsPage(mine, { data: [nft('9')], next: null })
    expect(nftsStore.get()).toMatchObject({ nfts: [], loading: true })
  })

  it('shows the error state on failure, cursor cleared', () => {
    startNftsFetch(mine)
    failNftsFetch(mine)
    expect(nftsStore.get()).toMatchObject({ failed: true, loading: false, next: undefined })
  })
})
