// The config's multicall batching (docs/product.md#constants: multicall batch 1024) against the
// real server's RPC proxy and anvil: eth_calls made together reach the chain as one multicall
// per 1024 bytes of calls. The calls go to the identity precompile (0x04), which answers what it
// is sent, so every answer is checked without a contract of our own on the chain.
import { type Anvil, startAnvil } from '@portico/devnet'
import { call } from '@wagmi/core'
import { type Hex, numberToHex, pad } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEV_PROJECT_ID } from '../../../../../apps/server/src/projects/dev-project'
import { startTestServer, type TestServer } from '../../../../../apps/server/src/test/test-server'
import { mainnet } from '../../networks'
import { createEvmConfig } from './wagmi-config'

const IDENTITY_PRECOMPILE = '0x0000000000000000000000000000000000000004'

let anvil: Anvil
let server: TestServer
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  server = await startTestServer({ chains: { 1: anvil.rpcUrl } })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.stop(), anvil?.stop()])
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The JSON-RPC methods the page sends, on their way to the real server. */
function recordRpcMethods(): string[] {
  const methods: string[] = []
  const send = globalThis.fetch
  vi.stubGlobal('fetch', (url: string | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { method: string } | { method: string }[]
    for (const request of [body].flat()) methods.push(request.method)
    return send(url, init)
  })
  return methods
}

/** `count` calls of 36 bytes each (a selector and one word, as a balanceOf), made together. */
async function callsMadeTogether(count: number): Promise<{ sent: Hex[]; answered: Hex[] }> {
  const config = createEvmConfig({
    networks: [mainnet],
    apiUrl: server.url,
    projectId: DEV_PROJECT_ID,
    storage: null,
  })
  const sent = Array.from(
    { length: count },
    (_, index) => `0x70a08231${pad(numberToHex(index + 1)).slice(2)}` as Hex,
  )
  const answers = await Promise.all(
    sent.map((data) => call(config, { chainId: 1, to: IDENTITY_PRECOMPILE, data })),
  )
  return { sent, answered: answers.map((answer) => answer.data ?? '0x') }
}

describe('multicall batching', () => {
  it('sends 28 calls made together (1008 bytes) to the chain as one eth_call', async () => {
    const methods = recordRpcMethods()
    const { sent, answered } = await callsMadeTogether(28)
    expect(answered).toEqual(sent)
    expect(methods.filter((method) => method === 'eth_call')).toHaveLength(1)
  })

  it('starts a second eth_call once the calls pass 1024 bytes', async () => {
    const methods = recordRpcMethods()
    const { sent, answered } = await callsMadeTogether(29)
    expect(answered).toEqual(sent)
    expect(methods.filter((method) => method === 'eth_call')).toHaveLength(2)
  })
})
