import { type Anvil, startAnvil } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RPC_BATCH_LIMIT } from '../constants'
import { UpstreamError } from '../errors'
import { type LocalUpstream, startLocalUpstream } from '../test/local-upstream'
import type { ChainUpstream } from './chain-upstream'
import { sendJsonRpcBatch } from './json-rpc-batch'
import { UpstreamClient } from './upstream-client'

let anvil: Anvil
let scripted: LocalUpstream
const client = new UpstreamClient(
  { timeoutMs: 5_000, retryCount: 0, retryDelayMs: 0 },
  { sleep: async () => {} },
)
const chainAt = (rpcUrl: string): ChainUpstream => ({ caipNetworkId: 'eip155:1', rpcUrl })

beforeAll(async () => {
  ;[anvil, scripted] = await Promise.all([startAnvil({ chainId: 1 }), startLocalUpstream([])])
})
afterAll(async () => {
  await Promise.all([anvil?.stop(), scripted?.close()])
})

describe('sendJsonRpcBatch', () => {
  it('sends the calls in one request and gives the outcomes in the order of the calls', async () => {
    const outcomes = await sendJsonRpcBatch(client, chainAt(anvil.rpcUrl), [
      { method: 'eth_chainId', params: [] },
      { method: 'eth_getBalance', params: ['not an address', 'latest'] },
      { method: 'eth_getBalance', params: [`0x${'0'.repeat(40)}`, 'latest'] },
    ])
    expect(outcomes[0]).toEqual({ ok: true, result: '0x1' })
    expect(outcomes[1]).toMatchObject({ ok: false })
    expect(outcomes[2]).toEqual({ ok: true, result: '0x0' })
  })

  it('matches answers by id whatever order the node answers in', async () => {
    scripted.script([
      {
        status: 200,
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 1, result: 'second' },
          { jsonrpc: '2.0', id: 0, error: { code: 3, message: 'execution reverted' } },
        ]),
      },
    ])
    const outcomes = await sendJsonRpcBatch(client, chainAt(scripted.url), [
      { method: 'eth_call', params: [] },
      { method: 'eth_call', params: [] },
      { method: 'eth_call', params: [] },
    ])
    expect(outcomes).toEqual([
      { ok: false, code: 3, message: 'execution reverted' },
      { ok: true, result: 'second' },
      { ok: false, code: -32603, message: 'no answer in the batch' },
    ])
    expect(JSON.parse(scripted.calls[0]?.body ?? '')).toHaveLength(3)
  })

  it(`splits more than ${RPC_BATCH_LIMIT} calls into several requests`, async () => {
    const calls = Array.from({ length: RPC_BATCH_LIMIT + 5 }, () => ({
      method: 'eth_chainId',
      params: [],
    }))
    const outcomes = await sendJsonRpcBatch(client, chainAt(anvil.rpcUrl), calls)
    expect(outcomes).toHaveLength(calls.length)
    expect(outcomes.every((outcome) => outcome.ok && outcome.result === '0x1')).toBe(true)
  })

  it('sends nothing for no calls', async () => {
    scripted.script([{ status: 200, body: '[]' }])
    expect(await sendJsonRpcBatch(client, chainAt(scripted.url), [])).toEqual([])
    expect(scripted.calls).toHaveLength(0)
  })

  it.each([
    [
      'a batch refused as a whole',
      200,
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}}',
      'batch too large',
    ],
    ['an answer that is not JSON', 200, '<html>', 'not JSON'],
    ['a status other than 2xx', 404, '[]', 'status 404'],
  ])('throws UpstreamError on %s', async (_what, status, body, message) => {
    scripted.script([{ status, body }])
    const sending = sendJsonRpcBatch(client, chainAt(scripted.url), [
      { method: 'eth_chainId', params: [] },
    ])
    await expect(sending).rejects.toBeInstanceOf(UpstreamError)
    await expect(sending).rejects.toThrow(message)
  })
})
