import { getBlockNumber } from '@wagmi/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { base, mainnet, solana } from '../../networks'
import { createEvmConfig, rpcProxyUrl } from './wagmi-config'

const apiUrl = 'http://127.0.0.1:1'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('RPC proxy URL', () => {
  it("points at our server's JSON-RPC proxy with the CAIP-2 chain id and the project id", () => {
    expect(rpcProxyUrl('https://portico.example', 'project-1', 8453)).toBe(
      'https://portico.example/v1?chainId=eip155:8453&projectId=project-1',
    )
  })

  it('does not double the slash after a base URL that ends with one', () => {
    expect(rpcProxyUrl('https://portico.example/', 'p', 1)).toBe(
      'https://portico.example/v1?chainId=eip155:1&projectId=p',
    )
  })

  it('escapes a project id that would break the query string', () => {
    expect(rpcProxyUrl(apiUrl, 'a b&c=d', 1)).toBe(
      `${apiUrl}/v1?chainId=eip155:1&projectId=a%20b%26c%3Dd`,
    )
  })
})

describe('wagmi config', () => {
  it('offers the requested EVM networks in order and leaves other namespaces out', () => {
    const config = createEvmConfig({
      networks: [base, solana, mainnet],
      apiUrl,
      projectId: 'p',
      storage: null,
    })
    expect(config.chains.map((chain) => chain.id)).toEqual([8453, 1])
    expect(config.chains[0]).toMatchObject({ name: 'Base', nativeCurrency: base.nativeCurrency })
  })

  it('gives every chain the RPC proxy, not the public RPC, as its URL', () => {
    const config = createEvmConfig({
      networks: [mainnet, base],
      apiUrl,
      projectId: 'p',
      storage: null,
    })
    expect(config.chains.map((chain) => chain.rpcUrls.default.http)).toEqual([
      [`${apiUrl}/v1?chainId=eip155:1&projectId=p`],
      [`${apiUrl}/v1?chainId=eip155:8453&projectId=p`],
    ])
  })

  it("sends each chain's JSON-RPC requests through the proxy for that chain", async () => {
    const requests: { url: string; method: string }[] = []
    vi.stubGlobal('fetch', async (url: string | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string }
      requests.push({ url: String(url), method: body.method })
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: '0x2a' }), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const config = createEvmConfig({
      networks: [mainnet, base],
      apiUrl,
      projectId: 'p',
      storage: null,
    })
    await expect(getBlockNumber(config, { chainId: 8453 })).resolves.toBe(42n)
    expect(requests).toEqual([
      { url: `${apiUrl}/v1?chainId=eip155:8453&projectId=p`, method: 'eth_blockNumber' },
    ])
  })

  it('refuses a network list with no EVM network', () => {
    expect(() =>
      createEvmConfig({ networks: [solana], apiUrl, projectId: 'p', storage: null }),
    ).toThrow('At least one eip155 network is required')
  })
})
