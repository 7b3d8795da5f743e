import { createClient, http, InvalidParamsRpcError } from 'viem'
import { getBlockNumber } from 'viem/actions'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyHttp } from './lazy-http-transport'

const url = 'http://127.0.0.1:1/v1?chainId=eip155:1&projectId=p'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A JSON-RPC server answering every request with `answer`, counting the calls. */
function stubRpc(answer: Record<string, unknown>) {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (target: string | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string }
    calls.push(`${String(target)} ${body.method}`)
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...answer }), {
      headers: { 'content-type': 'application/json' },
    })
  })
  return calls
}

describe('lazy HTTP transport', () => {
  it("gives a client the same transport description as viem's http()", () => {
    const lazy = createClient({ chain: mainnet, transport: lazyHttp(url) }).transport
    const eager = createClient({ chain: mainnet, transport: http(url) }).transport
    const { request: _lazyRequest, ...lazyRest } = lazy
    const { request: _eagerRequest, ...eagerRest } = eager
    expect(lazyRest).toEqual(eagerRest)
  })

  it('sends nothing before the first request, then the request to its URL', async () => {
    const calls = stubRpc({ result: '0x2a' })
    const client = createClient({ chain: mainnet, transport: lazyHttp(url) })
    expect(calls).toEqual([])
    await expect(getBlockNumber(client, { cacheTime: 0 })).resolves.toBe(42n)
    expect(calls).toEqual([`${url} eth_blockNumber`])
  })

  it("turns a JSON-RPC error into viem's error class, as http() does", async () => {
    stubRpc({ error: { code: -32602, message: 'bad params' } })
    const client = createClient({ chain: mainnet, transport: lazyHttp(url) })
    await expect(client.request({ method: 'eth_blockNumber' })).rejects.toBeInstanceOf(
      InvalidParamsRpcError,
    )
  })
})
