import { DEV_ACCOUNTS, DEVNET_CONTRACTS, type Devnet, startDevnet } from '@portico/devnet'
import type { AccountNft, NftPage } from '@portico/protocol/nfts'
import { createPublicClient, createWalletClient, type Hex, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { TEST_INDEXER_POLL_MS, waitUntilIndexed } from '../test/indexer-caught-up'
import { startTestServer, type TestServer } from '../test/test-server'
import { encodeNftCursor } from './nfts-cursor'

let devnet: Devnet
let server: TestServer
let rpcUrl: string

const caughtUp = () => waitUntilIndexed(server.app.portico.db, { chainId: 1, rpcUrl })

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  rpcUrl = devnet.chains[0]?.rpcUrl as string
  server = await startTestServer({
    chains: { 1: rpcUrl },
    config: {
      indexer: { enabled: true, pollIntervalMs: TEST_INDEXER_POLL_MS },
      spamCollections: [`eip155:1:${DEVNET_CONTRACTS.spamNft}`],
    },
  })
  await caughtUp()
})
afterAll(async () => {
  await Promise.all([server?.stop(), devnet?.stop()])
})

const account = (index: number) => (DEV_ACCOUNTS[index] as { address: string }).address
const lower = (address: string) => address.toLowerCase()

function nftsUrl(accountId: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams({ projectId: DEV_PROJECT_ID, st: 'portico', sv: '0.1.0' })
  for (const [key, value] of Object.entries(query)) search.append(key, value)
  return `${server.url}/v1/account/${accountId}/nfts?${search}`
}

async function page(accountId: string, query: Record<string, string> = {}): Promise<NftPage> {
  const response = await fetch(nftsUrl(accountId, query))
  expect(response.status).toBe(200)
  return (await response.json()) as NftPage
}

const holdings = (nfts: AccountNft[]) =>
  nfts.map((nft) => `${nft.collection.name} #${nft.tokenId} x${nft.amount}`)

describe('GET /v1/account/{account}/nfts', () => {
  it('lists what the account holds now: ERC-721 it still owns and ERC-1155 balances', async () => {
    const answer = await page(account(0), { chainId: 'eip155:1' })
    expect(answer.next).toBeNull()
    // Account 0 was minted Explorers #1-#3 and sent #3 to account 1 (seed-plan.ts).
    const explorers = answer.data.filter((nft) => nft.contract === lower(DEVNET_CONTRACTS.nft))
    expect(explorers.map((nft) => nft.tokenId)).toEqual(['1', '2'])
    const badges = answer.data.filter((nft) => nft.contract === lower(DEVNET_CONTRACTS.badges))
    expect(badges.map((nft) => [nft.tokenId, nft.amount, nft.standard])).toEqual([
      ['1', '1', 'ERC1155'],
      ['2', '5', 'ERC1155'],
    ])
    expect(holdings((await page(account(1), { chainId: '1' })).data)).toHaveLength(4)
  })

  it('gives each NFT its on-chain name and image, and its collection', async () => {
    const { data } = await page(account(0), { chainId: 'eip155:1' })
    const first = data.find((nft) => nft.contract === lower(DEVNET_CONTRACTS.nft))
    expect(first).toMatchObject({
      id: `eip155:1:${lower(DEVNET_CONTRACTS.nft)}:1`,
      chainId: 'eip155:1',
      standard: 'ERC721',
      amount: '1',
      collection: { name: 'Portico Explorers', symbol: 'PEXP' },
    })
    expect(first?.name).toMatch(/Explorer #1/)
    expect(first?.imageUrl).toMatch(/^data:image\/svg\+xml/)
  })

  it('leaves out the configured spam collections', async () => {
    for (const index of [0, 1]) {
      const { data } = await page(account(index), { chainId: 'eip155:1' })
      expect(data.some((nft) => nft.contract === lower(DEVNET_CONTRACTS.spamNft))).toBe(false)
    }
    // The spam NFTs are there to be left out: the history shows them, flagged.
    const history = await fetch(
      `${server.url}/v1/account/${account(0)}/history?projectId=${DEV_PROJECT_ID}&chainId=1&limit=50`,
    ).then((response) => response.json() as Promise<{ data: { transfers: unknown[] }[] }>)
    expect(JSON.stringify(history.data)).toContain('"is_spam":true')
  })

  it('pages through everything with the cursor', async () => {
    const whole = await page(account(0), { chainId: 'eip155:1' })
    const paged: AccountNft[] = []
    let cursor: string | null = null
    do {
      const answer: NftPage = await page(account(0), {
        chainId: 'eip155:1',
        limit: '1',
        ...(cursor ? { cursor } : {}),
      })
      expect(answer.data.length).toBeLessThanOrEqual(1)
      paged.push(...answer.data)
      cursor = answer.next
    } while (cursor)
    expect(paged).toEqual(whole.data)
    // A CAIP-10 account names the chain the same way.
    expect((await page(`eip155:1:${account(0)}`)).data).toEqual(whole.data)
  })

  it('follows a transfer: the sender no longer lists the NFT, the receiver does', async () => {
    const sender = privateKeyToAccount((DEV_ACCOUNTS[1] as { privateKey: Hex }).privateKey)
    const wallet = createWalletClient({
      account: sender,
      chain: { ...mainnet, rpcUrls: { default: { http: [rpcUrl] } } },
      transport: http(rpcUrl),
    })
    const hash = await wallet.writeContract({
      address: DEVNET_CONTRACTS.nft,
      abi: parseAbi(['function transferFrom(address from, address to, uint256 tokenId)']),
      functionName: 'transferFrom',
      args: [sender.address, account(6) as Hex, 4n],
    })
    // Mined before the head is read: anvil may answer the send before its block is in.
    await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash })
    await caughtUp()
    const senderIds = (await page(account(1), { chainId: '1' })).data
      .filter((nft) => nft.contract === lower(DEVNET_CONTRACTS.nft))
      .map((nft) => nft.tokenId)
    expect(senderIds).toEqual(['3', '5'])
    const received = (await page(account(6), { chainId: '1' })).data
    expect(received.map((nft) => [nft.contract, nft.tokenId])).toEqual([
      [lower(DEVNET_CONTRACTS.nft), '4'],
    ])
  })
})

async function expectError(url: string, status: number, code: string, message?: string) {
  const response = await fetch(url)
  expect(response.status).toBe(status)
  const answer = (await response.json()) as { error: { code: string; message: string } }
  expect(answer.error.code).toBe(code)
  if (message !== undefined) expect(answer.error.message).toBe(message)
}

describe('GET /v1/account/{account}/nfts refuses bad input with 400, changing nothing', () => {
  it('answers malformed accounts, chain ids, cursors and limits with the matching error', async () => {
    const before = await page(account(0), { chainId: '1' })
    const otherChainCursor = encodeNftCursor(
      { contract: lower(DEVNET_CONTRACTS.nft), tokenId: '1' },
      8453,
    )
    const cases: [string, Record<string, string>, string, string?][] = [
      ['0x1234', { chainId: '1' }, 'INVALID_ADDRESS'],
      [`${account(0)}00`, { chainId: '1' }, 'INVALID_ADDRESS'],
      ['eip155:1:0xnothex', {}, 'INVALID_ADDRESS', 'Invalid CAIP-10 address'],
      [account(0), { chainId: 'eip155:one' }, 'INVALID_CHAIN_ID', 'Invalid CAIP-2 network id'],
      [account(0), { chainId: 'eip155:137' }, 'UNSUPPORTED_CHAIN', 'Chain is not supported'],
      [account(0), { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, 'UNSUPPORTED_CHAIN'],
      [account(0), {}, 'INVALID_REQUEST'],
      [`eip155:8453:${account(0)}`, { chainId: '1' }, 'INVALID_REQUEST'],
      [account(0), { chainId: '1', cursor: 'not a cursor' }, 'INVALID_CURSOR'],
      [account(0), { chainId: '1', cursor: otherChainCursor }, 'INVALID_CURSOR'],
      [account(0), { chainId: '1', limit: '0' }, 'INVALID_REQUEST'],
      [account(0), { chainId: '1', limit: '101' }, 'INVALID_REQUEST'],
    ]
    for (const [accountId, query, code, message] of cases) {
      await expectError(nftsUrl(accountId, query), 400, code, message)
    }
    expect(await page(account(0), { chainId: '1' })).toEqual(before)
  })

  it('answers 401 without a known project id', async () => {
    const response = await fetch(`${server.url}/v1/account/${account(0)}/nfts?chainId=1`)
    expect(response.status).toBe(401)
  })
})
