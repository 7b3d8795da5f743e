// A server killed (SIGKILL) between charging the card and the transfer's confirmation pays the
// buyer exactly once after a real restart on the same database: whether it had not signed the
// transfer yet (it signs and pays on start), the broadcast never reached the chain (the same
// signed bytes are sent again) or reached it and the answer was lost (found by its hash, nothing
// sent again).
import { randomBytes } from 'node:crypto'
import { DEV_ACCOUNTS, DEVNET_CONTRACTS, type Devnet, startDevnet } from '@portico/devnet'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import {
  balanceOf,
  cardForm,
  nonceOf,
  onrampClient,
  rpc,
  SUCCESS_CARD,
} from '../test/onramp-checkout-client'
import { type SendGate, startSendGate } from '../test/send-gate'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { testEnv } from '../test/test-server'

const TREASURY = DEV_ACCOUNTS[8]
const WAIT_MS = 60_000

let devnet: Devnet
let rpcUrl: string
let database: FreshDatabase
let gate: SendGate
const running = new Set<ServerProcess>()
let serverUrl = ''
const client = onrampClient(() => serverUrl)

beforeAll(async () => {
  ;[devnet, database] = await Promise.all([
    startDevnet({ chains: [{ chainId: 1, port: 0 }] }),
    createFreshDatabase(),
  ])
  rpcUrl = devnet.chains[0]?.rpcUrl as string
  gate = await startSendGate(rpcUrl)
})
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL')
  await Promise.all([devnet?.stop(), database?.drop(), gate?.close()])
})

async function startServer(): Promise<ServerProcess> {
  const server = startServerProcess({
    ...testEnv(database, `portico-test:${randomBytes(6).toString('hex')}:`),
    PORT: '0',
    LOG_LEVEL: 'info',
    PORTICO_CHAINS: JSON.stringify({ 1: gate.url }),
    PORTICO_PRICE_SOURCES: JSON.stringify({
      1: {
        kind: 'uniswap-v2',
        factory: DEVNET_CONTRACTS.uniswapV2Factory,
        usdCoin: DEVNET_CONTRACTS.usdc,
        wrappedNative: DEVNET_CONTRACTS.weth,
      },
    }),
    PORTICO_ONRAMP_TREASURY_KEY: TREASURY.privateKey,
  })
  running.add(server)
  server.exited.then(() => running.delete(server))
  serverUrl = await Promise.race([
    server.url,
    server.exited.then(() => {
      throw new Error(`the server exited: ${server.stderr()}`)
    }),
  ])
  return server
}

async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL')
  expect((await server.exited).signal).toBe('SIGKILL')
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

describe('a server killed mid-payout', () => {
  it('pays an order charged but not yet signed for once the server is back', async () => {
    const buyer = freshAddress()
    const nonceBefore = await nonceOf(rpcUrl, TREASURY.address)
    gate.mode = 'hold-gas-price'
    gate.sent.length = 0
    gate.held = 0
    const first = await startServer()
    const orderId = await client.startOrder(buyer)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    // The card is charged; the payout is being signed (its gas price asked for, and held).
    await until(async () => gate.held === 1, 'the payout to start')
    expect((await client.order(orderId)).status).toBe('charged')
    await kill(first)
    expect(gate.sent).toHaveLength(0)

    gate.mode = 'pass'
    await startServer()
    await client.waitForStatus(orderId, 'paid', WAIT_MS)
    const paid = await client.order(orderId)
    expect(gate.sent).toHaveLength(1)
    expect(await balanceOf(rpcUrl, buyer)).toBe(parseEther(paid.purchaseAmount?.amount ?? ''))
    expect(await nonceOf(rpcUrl, TREASURY.address)).toBe(nonceBefore + 1n)
    for (const server of running) await kill(server)
  }, 240_000)

  it('sends the stored transaction again after a restart when the broadcast never arrived', async () => {
    const buyer = freshAddress()
    const nonceBefore = await nonceOf(rpcUrl, TREASURY.address)
    gate.mode = 'hold'
    gate.sent.length = 0
    const first = await startServer()
    const orderId = await client.startOrder(buyer)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    // The broadcast is under way (and held): the order says 'paying' with its hash.
    await until(async () => gate.sent.length === 1, 'the broadcast')
    const paying = await client.order(orderId)
    expect(paying.status).toBe('paying')
    await kill(first)
    expect(await balanceOf(rpcUrl, buyer)).toBe(0n)

    gate.mode = 'pass'
    await startServer()
    await client.waitForStatus(orderId, 'paid', WAIT_MS)
    const paid = await client.order(orderId)
    expect(paid.txHash).toBe(paying.txHash)
    expect(gate.sent).toHaveLength(2)
    expect(gate.sent[1]).toBe(gate.sent[0])
    expect(await balanceOf(rpcUrl, buyer)).toBe(parseEther(paid.purchaseAmount?.amount ?? ''))
    expect(await nonceOf(rpcUrl, TREASURY.address)).toBe(nonceBefore + 1n)
    for (const server of running) await kill(server)
  }, 240_000)

  it('finds the transaction on the chain after a restart when only the answer was lost', async () => {
    const buyer = freshAddress()
    const nonceBefore = await nonceOf(rpcUrl, TREASURY.address)
    gate.mode = 'lose-answer'
    gate.sent.length = 0
    const first = await startServer()
    const orderId = await client.startOrder(buyer)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    await until(async () => gate.sent.length === 1, 'the broadcast')
    const paying = await client.order(orderId)
    await until(
      async () => (await rpc(rpcUrl, 'eth_getTransactionReceipt', [paying.txHash])) !== null,
      'the transfer to be mined',
    )
    expect(paying.status).toBe('paying')
    await kill(first)
    const arrived = await balanceOf(rpcUrl, buyer)
    expect(arrived).toBe(parseEther(paying.purchaseAmount?.amount ?? ''))

    gate.mode = 'pass'
    await startServer()
    await client.waitForStatus(orderId, 'paid', WAIT_MS)
    expect((await client.order(orderId)).txHash).toBe(paying.txHash)
    expect(gate.sent).toHaveLength(1)
    expect(await balanceOf(rpcUrl, buyer)).toBe(arrived)
    expect(await nonceOf(rpcUrl, TREASURY.address)).toBe(nonceBefore + 1n)
    for (const server of running) await kill(server)
  }, 240_000)
})
