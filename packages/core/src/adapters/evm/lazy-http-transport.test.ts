import { createClient, http, InvalidParamsRpcError } from 'viem'
import { getBlockNumber } from 'viem/actions'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyHttp } from './lazy-http-transport'

const url = 'http://127.0.0.1:1/v1?chainId=eip155:1&projectId=p'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
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
  it("gives a client the same transport description as viem's http() with the spec's retries", () => {
    const lazy = createClient({ chain: mainnet, transport: lazyHttp(url) }).transport
    const eager = createClient({
      chain: mainnet,
      transport: http(url, { retryCount: 3, retryDelay: 150, timeout: 10_000 }),
    }).transport
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

  it('asks again 3 times, 150, 300 then 600 ms apart, when the server answers 503', async () => {
    vi.useFakeTimers()
    const asked: number[] = []
    vi.stubGlobal('fetch', async () => {
      asked.push(Date.now())
      return new Response('busy', { status: 503 })
    })
    const client = createClient({ chain: mainnet, transport: lazyHttp(url) })
    const answer = client.request({ method: 'eth_blockNumber' })
    answer.catch(() => {})
    await vi.runAllTimersAsync()
    await expect(answer).rejects.toMatchObject({ status: 503 })
    expect(asked.slice(1).map((at, index) => at - (asked[index] ?? 0))).toEqual([150, 300, 600])
  })

  it("turns a JSON-RPC error into viem's error class, as http() does", async () => {
    stubRpc({ error: { code: -32602, message: 'bad params' } })
    const client = createClient({ chain: mainnet, transport: lazyHttp(url) })
    await expect(client.request({ method: 'eth_blockNumber' })).rejects.toBeInstanceOf(
      InvalidParamsRpcError,
    )
  })
})
