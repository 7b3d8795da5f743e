// Malformed input to the Solana routes, drawn by fast-check, on the server over the local Solana
// chain: the balance route and the RPC proxy never answer a 5xx, refuse in the error shape, and
// nothing happens on the chain (no transaction, no airdrop: its transaction count stays put).
// The chain itself answers any body with a JSON-RPC answer, never an internal error.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { expectRefusal } from '../test/expect-refusal'
import { postRpc } from '../test/rpc-proxy-client'
import { type SolanaServer, startSolanaServer } from '../test/solana-server'

let setup: SolanaServer
let transactionsBefore = 0n
const RUNS = { numRuns: 150 }

async function transactionCount(): Promise<bigint> {
  const response = await fetch(setup.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getTransactionCount', params: [] }),
  })
  return BigInt(((await response.json()) as { result: number }).result)
}

beforeAll(async () => {
  setup = await startSolanaServer()
  transactionsBefore = await transactionCount()
})
afterAll(() => setup?.stop())

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const base58Text = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...BASE58), minLength: min, maxLength: max })

/** Near a Solana address (base58 of the wrong length, one bad character), and anything. */
const nearAddress = fc.oneof(
  base58Text(0, 70),
  fc
    .tuple(base58Text(20, 43), fc.constantFrom('0', 'O', 'I', 'l', '+', '/', ' ', 'é'))
    .map(([text, bad]) => `${text}${bad}`),
  fc.string({ maxLength: 80 }),
  fc.constantFrom('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '1'.repeat(45), '%00', '..'),
)

const METHODS = [
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'getTokenAccountsByOwner',
  'getSignatureStatuses',
  'getFeeForMessage',
  'getMinimumBalanceForRentExemption',
  'isBlockhashValid',
  'simulateTransaction',
  'sendTransaction',
  'requestAirdrop',
  'getProgramAccounts',
  'constructor',
  '__proto__',
  'toString',
]

const rpcParam = fc.oneof(nearAddress, fc.jsonValue(), base58Text(80, 100), fc.base64String())
const rpcRequest = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.jsonValue()),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 20 })),
    params: fc.oneof(fc.array(rpcParam, { maxLength: 4 }), fc.jsonValue()),
  },
  { requiredKeys: [] },
)
const rpcBody = fc.oneof(
  rpcRequest.map((request) => JSON.stringify(request)),
  fc.array(rpcRequest, { maxLength: 4 }).map((batch) => JSON.stringify(batch)),
  fc.string({ unit: 'binary', maxLength: 200 }),
)

describe('malformed Solana input', () => {
  it('GET the balance of a malformed address: 400 in plain words, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(nearAddress, async (address) => {
        const params = new URLSearchParams({
          projectId: DEV_PROJECT_ID,
          currency: 'usd',
          chainId: setup.solana.caip2,
        })
        const response = await fetch(
          `${setup.server.url}/v1/account/${encodeURIComponent(address)}/balance?${params}`,
        )
        // A random base58 text of 32 bytes is a valid address: its (empty) balance is right.
        if (response.status === 200) return
        await expectRefusal(response, `balance of ${JSON.stringify(address)}`, {
          errorShape: 'when-json',
        })
      }),
      RUNS,
    )
    expect(await transactionCount()).toBe(transactionsBefore)
  })

  it('POST /v1 for the solana chain: never a 5xx, nothing executed on the chain', async () => {
    await fc.assert(
      fc.asyncProperty(rpcBody, async (body) => {
        const response = await postRpc(setup.server.url, setup.solana.caip2, body)
        expect(response.status, body.slice(0, 200)).toBeLessThan(500)
        if (response.status >= 400) await expectRefusal(response, body.slice(0, 200))
      }),
      RUNS,
    )
    expect(await transactionCount()).toBe(transactionsBefore)
  })

  it('the local chain answers any body in JSON-RPC, never with an internal error', async () => {
    await fc.assert(
      fc.asyncProperty(rpcBody, async (body) => {
        const response = await fetch(setup.solana.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        const text = await response.text()
        expect(response.status, text).toBe(200)
        expect(text, body.slice(0, 200)).not.toContain('"code":-32603')
      }),
      RUNS,
    )
  })
})
