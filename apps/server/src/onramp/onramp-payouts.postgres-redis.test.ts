// Two server processes on one PostgreSQL and one Redis both pay out card purchases from the same
// treasury: at start each resumes every unfinished order (one left 'paying' with its transfer
// stored, others 'charged'), and replayed payments hit both at once. Each order is paid exactly
// once on chain. Runs only with both DATABASE_URL and REDIS_URL (vitest.config.ts).
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { balanceOf, cardForm, nonceOf, SUCCESS_CARD } from '../test/onramp-checkout-client'
import { useOnrampInstances, INSTANCE_WAIT_MS as WAIT_MS } from '../test/onramp-instances'
import { ONRAMP_TREASURY as TREASURY } from '../test/onramp-server'

const RESUMED = 4
const REPLAYED = 4

const instances = useOnrampInstances({ redis: 'shared' })
const { until } = instances

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

describe('payouts from two instances at once', () => {
  it('pays each order once on chain when both resume the same orders and take the same payments', async () => {
    const nonceBefore = await nonceOf(instances.rpcUrl, TREASURY.address)
    const orders: { id: string; buyer: string }[] = []

    // One instance takes the payments and is killed with its first transfer stored and held
    // on the way to the chain ('paying'), the others still queued behind it ('charged').
    instances.gate.mode = 'hold'
    const first = await instances.start()
    for (let index = 0; index < RESUMED; index++) {
      const buyer = freshAddress()
      const id = await first.client.startOrder(buyer)
      expect((await first.client.pay(id, cardForm(SUCCESS_CARD))).status).toBe(303)
      orders.push({ id, buyer })
    }
    await until(async () => instances.gate.sent.length === 1, 'the first broadcast')
    const statuses = await Promise.all(orders.map(({ id }) => first.client.order(id)))
    expect(statuses.map((order) => order.status).sort()).toEqual([
      'charged',
      'charged',
      'charged',
      'paying',
    ])
    first.server.child.kill('SIGKILL')
    await first.server.exited

    // Two instances start together: each resumes all four.
    instances.gate.mode = 'pass'
    const [a, b] = await Promise.all([instances.start(), instances.start()])

    // New orders, each payment sent twice to each instance at the same time.
    for (let index = 0; index < REPLAYED; index++) {
      const buyer = freshAddress()
      const id = await (index % 2 === 0 ? a : b).client.startOrder(buyer)
      const answers = await Promise.all(
        [a, b, a, b].map(({ client }) => client.pay(id, cardForm(SUCCESS_CARD))),
      )
      expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 303])
      orders.push({ id, buyer })
    }

    for (const [index, { id }] of orders.entries()) {
      await (index % 2 === 0 ? a : b).client.waitForStatus(id, 'paid', WAIT_MS)
    }
    const paid = await Promise.all(orders.map(({ id }) => a.client.order(id)))
    // Each buyer holds exactly one purchase's coins, and the treasury sent one transfer each.
    for (const [index, { buyer }] of orders.entries()) {
      const order = paid[index]
      expect(await balanceOf(instances.rpcUrl, buyer)).toBe(
        parseEther(order?.purchaseAmount?.amount ?? ''),
      )
    }
    expect(new Set(paid.map((order) => order.txHash)).size).toBe(orders.length)
    expect(await nonceOf(instances.rpcUrl, TREASURY.address)).toBe(
      nonceBefore + BigInt(orders.length),
    )

    // Each order was marked paid by one instance only (which one is the race's to decide).
    const paidOut = [a, b].flatMap(({ server }) =>
      server.logs
        .filter((line) => line.msg === 'onramp order paid out')
        .map((line) => line.orderId),
    )
    expect(paidOut.sort()).toEqual(orders.map(({ id }) => id).sort())
  }, 240_000)
})
