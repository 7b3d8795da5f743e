import { type Anvil, startAnvil } from '@portico/devnet'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RPC_BODY_LIMIT_BYTES } from '../constants'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { jsonRpcResult, type LocalUpstream, startLocalUpstream } from '../test/local-upstream'
import { expectErrorAnswer, postRpc, rpcCall } from '../test/rpc-proxy-client'
import { startTestServer, type TestServer } from '../test/test-server'

let anvil: Anvil
let flaky: LocalUpstream
let server: TestServer
/** Waits the server's upstream client asked for, recorded instead of waited. */
const retryDelays: number[] = []

beforeAll(async () => {
  ;[anvil, flaky] = await Promise.all([startAnvil({ chainId: 1 }), startLocalUpstream([])])
  server = await startTestServer({
    chains: { 1: anvil.rpcUrl, 'eip155:10': flaky.url },
    deps: {
      upstream: {
        sleep: async (ms) => {
          retryDelays.push(ms)
        },
      },
    },
  })
})
afterAll(async () => {
  await Promise.all([server?.stop(), anvil?.stop(), flaky?.close()])
})
beforeEach(() => {
  retryDelays.length = 0
})

const rpc = (chainId: string, body: unknown, init: RequestInit = {}) =>
  postRpc(server.url, chainId, body, init)

describe('POST /v1 forwards JSON-RPC to the chain', () => {
  it('answers eth_chainId from anvil, with the chain as CAIP-2', async () => {
    const response = await rpc('eip155:1', rpcCall('eth_chainId'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
  })

  it('answers eth_blockNumber, with the chain as a plain number', async () => {
    const response = await rpc('1', rpcCall('eth_blockNumber', 'b'))
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { id: string; result: string }
    expect(answer.id).toBe('b')
    expect(answer.result).toMatch(/^0x[0-9a-f]+$/)
  })

  it('forwards a batch and answers every request in it', async () => {
    const response = await rpc('eip155:1', [
      rpcCall('eth_chainId', 1),
      rpcCall('eth_blockNumber', 2),
      rpcCall('eth_getBalance', 3, ['0x0000000000000000000000000000000000000000', 'latest']),
    ])
    expect(response.status).toBe(200)
    const answers = (await response.json()) as { id: number; result: string }[]
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2, 3])
    expect(answers.find((answer) => answer.id === 1)?.result).toBe('0x1')
  })

  it("passes the upstream's JSON-RPC errors through", async () => {
    const response = await rpc('eip155:1', rpcCall('eth_getBalance', 1, ['not an address']))
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { error: { code: number } }
    expect(typeof answer.error.code).toBe('number')
  })
})

describe('POST /v1 refuses bad input with 4xx, never 5xx', () => {
  it.each(['eip155:abc', 'eip155:', 'abc', '0', '-1', 'eip155:1:1', ' '])(
    'answers 400 to the malformed chainId %j',
    async (chainId) => {
      await expectErrorAnswer(
        await rpc(chainId, rpcCall('eth_chainId')),
        400,
        'INVALID_CHAIN_ID',
        'Invalid CAIP-2 network id',
      )
    },
  )

  it('answers 400 to a chain it does not serve', async () => {
    await expectErrorAnswer(
      await rpc('eip155:999', rpcCall('eth_chainId')),
      400,
      'UNSUPPORTED_CHAIN',
      'Chain is not supported',
    )
    await expectErrorAnswer(
      await rpc('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcCall('getSlot')),
      400,
      'UNSUPPORTED_CHAIN',
    )
  })

  it('answers 400 without a chainId', async () => {
    const response = await fetch(`${server.url}/v1?projectId=${DEV_PROJECT_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rpcCall('eth_chainId')),
    })
    expect(await expectErrorAnswer(response, 400, 'INVALID_REQUEST')).toMatch(/chainId/)
  })

  it('answers 413 to a body over the limit', async () => {
    const huge = rpcCall('eth_sendRawTransaction', 1, [
      `0x${'ab'.repeat(RPC_BODY_LIMIT_BYTES / 2 + 1)}`,
    ])
    await expectErrorAnswer(
      await rpc('eip155:1', huge),
      413,
      'BODY_TOO_LARGE',
      'Request body is too large',
    )
  })

  it.each([
    ['not JSON', '{"jsonrpc":'],
    ['an empty body', ''],
    ['a JSON string', '"eth_chainId"'],
    ['an empty batch', '[]'],
    ['a request without a method', '{"jsonrpc":"2.0","id":1}'],
    ['the wrong version', '{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}'],
    ['params that are a string', '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":"x"}'],
    ['a batch with a bad entry', '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"id":2}]'],
  ])('answers 400 to %s', async (_what, body) => {
    await expectErrorAnswer(await rpc('eip155:1', body), 400, 'INVALID_REQUEST')
  })

  it('answers 415 to a body of a type it does not read', async () => {
    const response = await rpc('eip155:1', '<call/>', {
      headers: { 'content-type': 'application/xml' },
    })
    await expectErrorAnswer(response, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('answers 400 to a plain-text body', async () => {
    const response = await rpc('eip155:1', 'eth_chainId', {
      headers: { 'content-type': 'text/plain' },
    })
    await expectErrorAnswer(response, 400, 'INVALID_REQUEST')
  })

  it.each(['eth_sendTransaction', 'eth_sign', 'anvil_setBalance', 'evm_mine', 'debug_traceCall'])(
    'does not forward %s',
    async (method) => {
      await expectErrorAnswer(
        await rpc('eip155:1', [rpcCall('eth_chainId', 1), rpcCall(method, 2)]),
        400,
        'RPC_METHOD_NOT_ALLOWED',
        'Requested RPC call is not allowed',
      )
    },
  )
})

describe('POST /v1 under arbitrary input', () => {
  it('never answers 5xx, and every refusal has the error shape', async () => {
    const chainIds = fc.oneof(
      fc.constantFrom('eip155:1', '1', 'eip155:999'),
      fc.string({ maxLength: 40 }),
    )
    const bodies = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 200 }),
      fc
        .record(
          {
            jsonrpc: fc.constantFrom('2.0', '1.0'),
            id: fc.jsonValue(),
            method: fc.string(),
            params: fc.jsonValue(),
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    )
    await fc.assert(
      fc.asyncProperty(chainIds, bodies, async (chainId, body) => {
        const response = await rpc(chainId, body)
        expect(response.status).toBeLessThan(500)
        const answer = (await response.json()) as { error?: { code: unknown; message: unknown } }
        if (response.status !== 200) {
          expect(typeof answer.error?.code).toBe('string')
          expect(typeof answer.error?.message).toBe('string')
        }
      }),
      { numRuns: 150 },
    )
  })
})

describe('POST /v1 retries a failing upstream', () => {
  it('retries a 503 after 150 ms and answers what follows', async () => {
    flaky.script([{ status: 503 }, { status: 200, body: jsonRpcResult('0xa') }])
    const response = await rpc('eip155:10', rpcCall('eth_chainId'))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0xa' })
    expect(flaky.calls).toHaveLength(2)
    expect(retryDelays).toEqual([150])
  })

  it('honours Retry-After', async () => {
    flaky.script([
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 200, body: jsonRpcResult('0xa') },
    ])
    expect((await rpc('eip155:10', rpcCall('eth_chainId'))).status).toBe(200)
    expect(retryDelays).toEqual([2_000])
  })

  it('answers 502 once the retries are spent', async () => {
    flaky.script([{ status: 500 }])
    await expectErrorAnswer(
      await rpc('eip155:10', rpcCall('eth_chainId')),
      502,
      'UPSTREAM_ERROR',
      'Upstream RPC request failed: status 500',
    )
    expect(flaky.calls).toHaveLength(4)
    expect(retryDelays).toEqual([150, 300, 600])
  })

  it('answers 502 when the upstream answers something that is not JSON', async () => {
    flaky.script([{ status: 200, body: '<html>gateway</html>' }])
    await expectErrorAnswer(await rpc('eip155:10', rpcCall('eth_chainId')), 502, 'UPSTREAM_ERROR')
  })

  it('does not retry an upstream 400, and answers 502 for it', async () => {
    flaky.script([{ status: 400, body: '{}' }])
    await expectErrorAnswer(await rpc('eip155:10', rpcCall('eth_chainId')), 502, 'UPSTREAM_ERROR')
    expect(flaky.calls).toHaveLength(1)
  })
})

describe('GET /v1/supported-chains', () => {
  it('lists the configured chains as CAIP-2 ids', async () => {
    const response = await fetch(
      `${server.url}/v1/supported-chains?projectId=${DEV_PROJECT_ID}&st=portico&sv=0.1.0`,
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ http: ['eip155:1', 'eip155:10'], ws: [] })
  })
})
