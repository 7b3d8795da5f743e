// A server killed (SIGKILL) between charging the card and the transfer's confirmation pays the
// buyer exactly once after a real restart on the same database: whether it had not signed the
// transfer yet (it signs and pays on start), the broadcast never reached the chain (the same
// signed bytes are sent again) or reached it and the answer was lost (found by its hash, nothing
// sent again).
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  cardForm,
  nonceOf,
  onrampClient,
  rpc,
  SUCCESS_CARD,
} from '../test/onramp-checkout-client'
import { useOnrampInstances, INSTANCE_WAIT_MS as WAIT_MS } from '../test/onramp-instances'
import { ONRAMP_TREASURY as TREASURY } from '../test/onramp-server'
import type { ServerProcess } from '../test/server-process'

const instances = useOnrampInstances({ redis: 'per-process' })
const { running, until } = instances
let serverUrl = ''
const client = onrampClient(() => serverUrl)

async function startServer(): Promise<ServerProcess> {
  const started = await instances.start()
  serverUrl = started.url
  return started.server
}

async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL')
  expect((await server.exited).signal).toBe('SIGKILL')
}

/** The server a test restarted and left running once all it checked held. */
let handedOn: ServerProcess | undefined

/**
 * The server a test's order goes to first: the one the test before handed on, while it runs (the
 * gate's mode is switched under it, as the chain's behaviour would change), else a new one after
 * whatever a failed test left is killed. Each process start costs seconds of CPU; the restarts
 * are what is tested, not the first start.
 */
async function runningOrStartedServer(): Promise<ServerProcess> {
  const previous = handedOn
  handedOn = undefined
  if (previous && running.has(previous) && running.size === 1) return previous
  for (const server of running) await kill(server)
  return startServer()
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

describe('a server killed mid-payout', () => {
  it('pays an order charged but not yet signed for once the server is back', async () => {
    const buyer = freshAddress()
    const nonceBefore = await nonceOf(instances.rpcUrl, TREASURY.address)
    instances.gate.mode = 'hold-gas-price'
    instances.gate.sent.length = 0
    instances.gate.held = 0
    const first = await startServer()
    const orderId = await client.startOrder(buyer)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    // The card is charged; the payout is being signed (its gas price asked for, and held).
    await until(async () => instances.gate.held === 1, 'the payout to start')
    expect((await client.order(orderId)).status).toBe('charged')
    await kill(first)
    expect(instances.gate.sent).toHaveLength(0)

    instances.gate.mode = 'pass'
    const restarted = await startServer()
    await client.waitForStatus(orderId, 'paid', WAIT_MS)
    const paid = await client.order(orderId)
    expect(instances.gate.sent).toHaveLength(1)
    expect(await balanceOf(instances.rpcUrl, buyer)).toBe(
      parseEther(paid.purchaseAmount?.amount ?? ''),
    )
    expect(await nonceOf(instances.rpcUrl, TREASURY.address)).toBe(nonceBefore + 1n)
    handedOn = restarted
  }, 240_000)

  it('sends the stored transaction again after a restart when the broadcast never arrived', async () => {
    const buyer = freshAddress()
    const nonceBefore = await nonceOf(instances.rpcUrl, TREASURY.address)
    instances.gate.mode = 'hold'
    instances.gate.sent.length = 0
    const first = await runningOrStartedServer()
    const orderId = await client.startOrder(buyer)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    // The broadcast is under way (and held): the order says 'paying' with its hash.
    await until(async () => instances.gate.sent.length === 1, 'the broadcast')
    const paying = await client.order(orderId)
    expect(paying.status).toBe('paying')
    await kill(first)
    expect(await balanceOf(instances.rpcUrl, buyer)).toBe(0n)

    instances.gate.mode = 'pass'
    const restarted = await startServer()
    await client.waitForStatus(orderId, 'paid', WAIT_MS)
    const paid = await client.order(orderId)
    expect(paid.txHash).toBe(paying.txHash)
    expect(instances.gate.sent).toHaveLength(2)
    expect(instances.gate.sent[1]).toBe(instances.gate.sent[0])
    expect(await balanceOf(instances.rpcUrl, buyer)).toBe(
      parseEther(paid.purchaseAmount?.amount ?? ''),
    )
    expect(await nonceOf(instances.rpcUrl, TREASURY.address)).toBe(nonceBefore + 1n)
    handedOn = restarted
  }, 240_000)

  it('finds the transaction on the chain after a restart when only the answer was lost', async () => {
    const buyer = freshAddress()
    const nonceBefore = await nonceOf(instances.rpcUrl, TREASURY.address)
    instances.gate.mode = 'lose-answer'
    instances.gate.sent.length = 0
    const first = await runningOrStartedServer()
    const orderId = await client.startOrder(buyer)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    await until(async () => instances.gate.sent.length === 1, 'the broadcast')
    const paying = await client.order(orderId)
    await until(
      async () =>
        (await rpc(instances.rpcUrl, 'eth_getTransactionReceipt', [paying.txHash])) !== null,
      'the transfer to be mined',
    )
    expect(paying.status).toBe('paying')
    await kill(first)
    const arrived = await balanceOf(instances.rpcUrl, buyer)
    expect(arrived).toBe(parseEther(paying.purchaseAmount?.amount ?? ''))

    instances.gate.mode = 'pass'
    await startServer()
    await client.waitForStatus(orderId, 'paid', WAIT_MS)
    expect((await client.order(orderId)).txHash).toBe(paying.txHash)
    expect(instances.gate.sent).toHaveLength(1)
    expect(await balanceOf(instances.rpcUrl, buyer)).toBe(arrived)
    expect(await nonceOf(instances.rpcUrl, TREASURY.address)).toBe(nonceBefore + 1n)
    for (const server of running) await kill(server)
  }, 240_000)
})
