import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@portico/devnet'
import { createPublicClient, http, keccak256, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RPC_PARAMS_LIMIT_BYTES, RPC_PARAMS_MAX_DEPTH } from '../constants'
import { type LocalUpstream, startLocalUpstream } from '../test/local-upstream'
import { expectErrorAnswer, postRpc, rpcCall, rpcNotification } from '../test/rpc-proxy-client'
import { startTestServer, type TestServer } from '../test/test-server'

let anvil: Anvil
let scripted: LocalUpstream
let server: TestServer

beforeAll(async () => {
  ;[anvil, scripted] = await Promise.all([startAnvil({ chainId: 1 }), startLocalUpstream([])])
  server = await startTestServer({
    chains: { 1: anvil.rpcUrl, 'eip155:10': scripted.url },
    deps: { upstream: { sleep: async () => {} } },
  })
})
afterAll(async () => {
  await Promise.all([server?.stop(), anvil?.stop(), scripted?.close()])
})
beforeEach(() => {
  scripted.script([])
})

const rpc = (body: unknown) => postRpc(server.url, 'eip155:1', body)
const node = () => createPublicClient({ chain: mainnet, transport: http(anvil.rpcUrl) })
const [, , receiver, , signer] = DEV_ACCOUNTS

describe('POST /v1 echoes ids exactly as they were written', () => {
  it('answers an id of 12345678901234567890 with that very number', async () => {
    const response = await rpc('{"jsonrpc":"2.0","id":12345678901234567890,"method":"eth_chainId"}')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('{"jsonrpc":"2.0","id":12345678901234567890,"result":"0x1"}')
  })

  it('keeps apart two ids that are one number to JavaScript', async () => {
    // Both parse to 12345678901234567000: matched by value, the answers would be mixed up.
    const response = await rpc(
      '[{"jsonrpc":"2.0","id":12345678901234567890,"method":"eth_chainId"},' +
        '{"jsonrpc":"2.0","id":12345678901234567891,"method":"net_version"},' +
        '{"jsonrpc":"2.0","id":"\\u00e9\\"x","method":"eth_chainId"},' +
        '{"jsonrpc":"2.0","id":-99999999999999999999,"method":"net_version"}]',
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(
      '[{"jsonrpc":"2.0","id":12345678901234567890,"result":"0x1"},' +
        '{"jsonrpc":"2.0","id":12345678901234567891,"result":"1"},' +
        '{"jsonrpc":"2.0","id":"\\u00e9\\"x","result":"0x1"},' +
        '{"jsonrpc":"2.0","id":-99999999999999999999,"result":"1"}]',
    )
  })

  it("passes the node's result on as the node wrote it, matched by id in any order", async () => {
    scripted.script([
      {
        status: 200,
        body: '[{"jsonrpc":"2.0","id":1,"result":123456789012345678901234567890},{"jsonrpc":"2.0","id":0,"error":{"code":-32000,"message":"nope"}}]',
      },
    ])
    const response = await postRpc(server.url, 'eip155:10', [
      rpcCall('eth_blockNumber', 'first'),
      rpcCall('eth_chainId', 'second'),
    ])
    expect(await response.text()).toBe(
      '[{"jsonrpc":"2.0","id":"first","error":{"code":-32000,"message":"nope"}},' +
        '{"jsonrpc":"2.0","id":"second","result":123456789012345678901234567890}]',
    )
  })
})

describe('POST /v1 answers notifications as notifications', () => {
  it('gives no answer to a notification', async () => {
    const response = await rpc(rpcNotification('eth_blockNumber'))
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
  })

  it('still sends a raw transaction that came as a notification', async () => {
    const account = privateKeyToAccount(signer.privateKey)
    const chain = node()
    const before = await chain.getBalance({ address: receiver.address })
    const signed = await account.signTransaction({
      chainId: 1,
      to: receiver.address,
      value: parseEther('0.5'),
      nonce: await chain.getTransactionCount({ address: account.address }),
      gas: 21_000n,
      maxFeePerGas: 2n * (await chain.getGasPrice()),
      maxPriorityFeePerGas: 1n,
    })
    const response = await rpc(rpcNotification('eth_sendRawTransaction', [signed]))
    expect(response.status).toBe(204)
    await chain.waitForTransactionReceipt({ hash: keccak256(signed), pollingInterval: 50 })
    expect(await chain.getBalance({ address: receiver.address })).toBe(before + parseEther('0.5'))
  })

  it('gives no answer to a batch of notifications only', async () => {
    const response = await rpc([rpcNotification('eth_blockNumber'), rpcNotification('eth_chainId')])
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
  })

  it('answers only the calls of a batch that mixes them with notifications', async () => {
    const response = await rpc([
      rpcCall('eth_chainId', 1),
      rpcNotification('eth_blockNumber'),
      rpcCall('net_version', 'two'),
      rpcNotification('eth_gasPrice'),
    ])
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x1' },
      { jsonrpc: '2.0', id: 'two', result: '1' },
    ])
  })

  it('drops what a node answers to notifications', async () => {
    const answers = ['0xa', '0xb', '0xc', '0xd'].map(
      (result, id) => `{"jsonrpc":"2.0","id":${id},"result":"${result}"}`,
    )
    scripted.script([{ status: 200, body: `[${answers.join(',')}]` }])
    const response = await postRpc(server.url, 'eip155:10', [
      rpcCall('eth_chainId', 1),
      rpcNotification('eth_blockNumber'),
      rpcCall('net_version', 'two'),
      rpcNotification('eth_gasPrice'),
    ])
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0xa' },
      { jsonrpc: '2.0', id: 'two', result: '0xc' },
    ])
  })

  it('gives no answer to notifications even when the upstream fails', async () => {
    scripted.script([{ status: 500 }])
    const response = await postRpc(server.url, 'eip155:10', rpcNotification('eth_blockNumber'))
    expect(response.status).toBe(204)
    expect(scripted.calls.length).toBeGreaterThan(0)
  })
})

const nested = (depth: number): unknown => {
  let value: unknown = '0x0'
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

describe('POST /v1 refuses params too deep or too large with 400', () => {
  it('refuses params nested 1000 deep, alone or in a batch, and sends nothing', async () => {
    scripted.script([{ status: 200, body: '{"jsonrpc":"2.0","id":0,"result":"0x0"}' }])
    const deep = rpcCall('eth_call', 1, [nested(999)])
    for (const body of [deep, [rpcCall('eth_chainId', 2), deep]]) {
      const message = await expectErrorAnswer(
        await postRpc(server.url, 'eip155:10', body),
        400,
        'INVALID_REQUEST',
      )
      expect(message).toMatch(`params nest deeper than ${RPC_PARAMS_MAX_DEPTH} levels`)
    }
    expect(scripted.calls).toHaveLength(0)
  })

  it(`forwards params ${RPC_PARAMS_MAX_DEPTH} deep and refuses one level more`, async () => {
    const atLimit = await rpc(rpcCall('eth_call', 1, nested(RPC_PARAMS_MAX_DEPTH) as unknown[]))
    expect(atLimit.status).toBe(200)
    const past = await rpc(rpcCall('eth_call', 1, nested(RPC_PARAMS_MAX_DEPTH + 1) as unknown[]))
    await expectErrorAnswer(past, 400, 'INVALID_REQUEST')
  })

  it(`refuses params over ${RPC_PARAMS_LIMIT_BYTES} bytes, but not a raw transaction's`, async () => {
    const data = `0x${'00'.repeat(RPC_PARAMS_LIMIT_BYTES / 2)}`
    const message = await expectErrorAnswer(
      await rpc(rpcCall('eth_call', 1, [{ to: receiver.address, data }, 'latest'])),
      400,
      'INVALID_REQUEST',
    )
    expect(message).toMatch(`params are larger than ${RPC_PARAMS_LIMIT_BYTES} bytes`)
    // Not a transaction the node can decode: its own JSON-RPC error, not our refusal.
    const raw = await rpc(rpcCall('eth_sendRawTransaction', 1, [data]))
    expect(raw.status).toBe(200)
    expect(((await raw.json()) as { error?: { code: number } }).error?.code).toBeTypeOf('number')
  })
})
