// @vitest-environment node
// The RPC routing against a real anvil chain: safe reads answered at once, a transaction
// filled from the chain, signed here and sent raw after approval, everything else refused.
import { type Anvil, startAnvil } from '@portico/devnet'
import { DEV_ACCOUNTS } from '@portico/devnet/accounts'
import { createPublicClient, http, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTHING_KNOWN } from './chain-catalog'
import type { RequestDetails } from './describe-request'
import { FrameRequestError } from './frame-error'
import type { RpcRead } from './rpc-proxy'
import { type RpcContext, routeRpcRequest } from './rpc-router'

let anvil: Anvil
const funded = privateKeyToAccount(DEV_ACCOUNTS[3]?.privateKey ?? '0x')
const reads: string[] = []

/** JSON-RPC straight to anvil (the proxy's own tests cover the proxy). */
const read: RpcRead = async (_chainId, method, params) => {
  reads.push(method)
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  })
  const answer = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (answer.error) throw new FrameRequestError(answer.error.message)
  return answer.result
}

const bundles = new Map()

function context(decide: 'approve' | 'reject', shown: RequestDetails[] = []): RpcContext {
  return {
    bundles,
    account: () => funded,
    switchChain: () => undefined,
    read,
    catalog: async () => NOTHING_KNOWN,
    async withApproval(_method, details, work) {
      shown.push(details)
      if (decide === 'reject') throw new FrameRequestError('User rejected the request.', 4001)
      return work()
    },
  }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
}, 30_000)
afterAll(async () => anvil?.stop())

describe('RPC_REQUEST routing', () => {
  it('answers safe reads from the chain without asking', async () => {
    const shown: RequestDetails[] = []
    const block = await routeRpcRequest(
      { method: 'eth_blockNumber', params: [], chainId: 1 },
      context('reject', shown),
    )
    expect(block).toMatch(/^0x[0-9a-f]+$/)
    expect(
      await routeRpcRequest({ method: 'eth_chainId', chainId: 1 }, context('reject', shown)),
    ).toBe('0x1')
    expect(
      await routeRpcRequest({ method: 'eth_accounts', chainId: 1 }, context('reject', shown)),
    ).toEqual([funded.address])
    expect(shown).toEqual([])
  })

  it('refuses a method on neither list with "Requested RPC call is not allowed"', async () => {
    reads.length = 0
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'debug_traceTransaction',
      'anvil_setBalance',
    ]) {
      await expect(
        routeRpcRequest({ method, params: [], chainId: 1 }, context('approve')),
      ).rejects.toThrow('Requested RPC call is not allowed')
    }
    expect(reads).toEqual([])
  })

  it('sends nothing when the visitor rejects a transaction', async () => {
    reads.length = 0
    const to = privateKeyToAccount(generatePrivateKey()).address
    await expect(
      routeRpcRequest(
        {
          method: 'eth_sendTransaction',
          params: [{ from: funded.address, to, value: toHex(parseEther('0.01')) }],
          chainId: 1,
        },
        context('reject'),
      ),
    ).rejects.toMatchObject({ code: 4001 })
    expect(reads).not.toContain('eth_sendRawTransaction')
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getBalance({ address: to })).toBe(0n)
  })

  it('fills nonce, gas and fees, signs in the frame and sends 0.01 ETH raw after approval', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    const shown: RequestDetails[] = []
    reads.length = 0
    const hash = await routeRpcRequest(
      {
        method: 'eth_sendTransaction',
        params: [{ from: funded.address, to, value: toHex(parseEther('0.01')) }],
        chainId: 1,
      },
      context('approve', shown),
    )
    expect(shown[0]?.title).toBe(`Send 0.01 ETH to ${to.slice(0, 6)}…${to.slice(-4)} on Ethereum`)
    expect(shown[0]?.rows).toContainEqual({ label: 'Amount', value: '0.01 ETH' })
    expect(shown[0]?.rows).toContainEqual({ label: 'To', value: to })
    expect(reads).toContain('eth_sendRawTransaction')
    expect(reads).not.toContain('eth_sendTransaction')
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.01'))
  })

  it('refuses not-safe methods when no wallet is logged in', async () => {
    await expect(
      routeRpcRequest(
        { method: 'personal_sign', params: ['0x01'], chainId: 1 },
        { ...context('approve'), account: () => undefined },
      ),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('sends wallet_sendCalls one call after the other after approval, and reports their receipts', async () => {
    const [first, second] = [generatePrivateKey(), generatePrivateKey()].map(
      (key) => privateKeyToAccount(key).address,
    )
    const shown: RequestDetails[] = []
    const { id } = (await routeRpcRequest(
      {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x1',
            from: funded.address,
            atomicRequired: false,
            calls: [
              { to: first, value: toHex(parseEther('0.01')) },
              { to: second, value: toHex(parseEther('0.02')) },
            ],
          },
        ],
        chainId: 1,
      },
      context('approve', shown),
    )) as { id: string }
    expect(shown[0]?.title).toBe('2 transactions on Ethereum, one after the other')
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    await expect
      .poll(async () => {
        const status = (await routeRpcRequest(
          { method: 'wallet_getCallsStatus', params: [id], chainId: 1 },
          context('reject'),
        )) as { status: number; receipts?: unknown[] }
        return [status.status, status.receipts?.length]
      })
      .toEqual([200, 2])
    expect(await client.getBalance({ address: first as `0x${string}` })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: second as `0x${string}` })).toBe(parseEther('0.02'))
  })

  it('refuses calls that must be atomic before asking, and an unknown bundle id', async () => {
    const shown: RequestDetails[] = []
    await expect(
      routeRpcRequest(
        {
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', atomicRequired: true, calls: [{ to: funded.address }] }],
          chainId: 1,
        },
        context('approve', shown),
      ),
    ).rejects.toMatchObject({ code: 5760 })
    expect(shown).toEqual([])
    await expect(
      routeRpcRequest(
        { method: 'wallet_getCallsStatus', params: [`0x${'00'.repeat(32)}`], chainId: 1 },
        context('approve'),
      ),
    ).rejects.toMatchObject({ code: 5730 })
  })

  it('says atomic batches are unsupported, for the chains asked about or the current one', async () => {
    const ask = (params: unknown[]) =>
      routeRpcRequest({ method: 'wallet_getCapabilities', params, chainId: 1 }, context('reject'))
    await expect(ask([funded.address])).resolves.toEqual({
      '0x1': { atomic: { status: 'unsupported' } },
    })
    await expect(ask([funded.address, ['0xa', '0x2105']])).resolves.toEqual({
      '0xa': { atomic: { status: 'unsupported' } },
      '0x2105': { atomic: { status: 'unsupported' } },
    })
    await expect(ask([funded.address, ['base']])).rejects.toMatchObject({ code: -32602 })
  })
})
