import { afterEach, describe, expect, it } from 'vitest'
import { RPC_RETRY_COUNT, RPC_RETRY_DELAY_MS, RPC_TIMEOUT_MS } from '../constants'
import { UpstreamError, UpstreamTimeoutError } from '../errors'
import { jsonRpcResult, type LocalUpstream, startLocalUpstream } from '../test/local-upstream'
import type { UpstreamPolicy } from './chain-upstream'
import { UpstreamClient } from './upstream-client'

const specPolicy: UpstreamPolicy = {
  timeoutMs: RPC_TIMEOUT_MS,
  retryCount: RPC_RETRY_COUNT,
  retryDelayMs: RPC_RETRY_DELAY_MS,
}
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })

let upstream: LocalUpstream | undefined
afterEach(async () => {
  await upstream?.close()
  upstream = undefined
})

/** A client whose waits are recorded and skipped. */
function recordingClient(policy: UpstreamPolicy = specPolicy) {
  const delays: number[] = []
  const client = new UpstreamClient(policy, {
    sleep: async (ms) => {
      delays.push(ms)
    },
  })
  return { client, delays }
}

describe('UpstreamClient', () => {
  it('retries a 503 after 150 ms, then 300 ms, and returns the answer that follows', async () => {
    upstream = await startLocalUpstream([
      { status: 503 },
      { status: 503 },
      { status: 200, body: jsonRpcResult('0x1') },
    ])
    const { client, delays } = recordingClient()
    const answer = await client.postJson(upstream.url, body)
    expect(answer).toEqual({ status: 200, body: jsonRpcResult('0x1') })
    expect(delays).toEqual([150, 300])
    expect(upstream.calls).toHaveLength(3)
    expect(upstream.calls.every((call) => call.body === body)).toBe(true)
  })

  it.each([403, 408, 413, 429, 500, 502, 503, 504])('retries on status %i', async (status) => {
    upstream = await startLocalUpstream([{ status }, { status: 200, body: jsonRpcResult('0x1') }])
    const { client, delays } = recordingClient()
    expect((await client.postJson(upstream.url, body)).status).toBe(200)
    expect(delays).toEqual([150])
  })

  it('gives up after 3 retries (150, 300, 600 ms) with an upstream error', async () => {
    upstream = await startLocalUpstream([{ status: 502 }])
    const { client, delays } = recordingClient()
    const failure = client.postJson(upstream.url, body)
    await expect(failure).rejects.toThrow(UpstreamError)
    await expect(failure).rejects.toThrow('Upstream RPC request failed: status 502')
    expect(delays).toEqual([150, 300, 600])
    expect(upstream.calls).toHaveLength(4)
  })

  it('waits as long as Retry-After says, in seconds or as a date', async () => {
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString()
    upstream = await startLocalUpstream([
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 503, headers: { 'retry-after': inTwoSeconds } },
      { status: 200, body: jsonRpcResult('0x2') },
    ])
    const { client, delays } = recordingClient()
    await client.postJson(upstream.url, body)
    expect(delays[0]).toBe(1_000)
    // An HTTP date has whole seconds: the wait is between 1 and 2 seconds.
    expect(delays[1]).toBeGreaterThan(900)
    expect(delays[1]).toBeLessThanOrEqual(2_000)
  })

  it('does not wait past the time-out for a Retry-After it cannot honour', async () => {
    upstream = await startLocalUpstream([{ status: 429, headers: { 'retry-after': '60' } }])
    const { client, delays } = recordingClient()
    await expect(client.postJson(upstream.url, body)).rejects.toThrow('status 429')
    expect(delays).toEqual([])
    expect(upstream.calls).toHaveLength(1)
  })

  it('returns other statuses at once, without retrying', async () => {
    upstream = await startLocalUpstream([{ status: 400, body: '{"error":"bad"}' }])
    const { client, delays } = recordingClient()
    expect(await client.postJson(upstream.url, body)).toEqual({
      status: 400,
      body: '{"error":"bad"}',
    })
    expect(delays).toEqual([])
  })

  it('retries an unreachable upstream, then reports it', async () => {
    upstream = await startLocalUpstream([])
    const url = upstream.url
    await upstream.close()
    upstream = undefined
    const { client, delays } = recordingClient()
    await expect(client.postJson(url, body)).rejects.toThrow('upstream unreachable')
    expect(delays).toEqual([150, 300, 600])
  })

  it('times out an upstream that does not answer', async () => {
    upstream = await startLocalUpstream([{ status: 200, hang: true }])
    const { client } = recordingClient({ ...specPolicy, timeoutMs: 200 })
    const started = performance.now()
    await expect(client.postJson(upstream.url, body)).rejects.toThrow(UpstreamTimeoutError)
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('really waits between attempts when no sleep is injected', async () => {
    upstream = await startLocalUpstream([
      { status: 503 },
      { status: 200, body: jsonRpcResult('0x1') },
    ])
    const client = new UpstreamClient(specPolicy)
    await client.postJson(upstream.url, body)
    const [first, second] = upstream.calls
    // A lower bound only: a loaded machine may wait longer, never shorter.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(145)
  })
})
