// A paid order whose destination refuses the coins (a contract without a payable receive on the
// devnet) ends 'failed' with a plain reason, pays nothing, and is not tried again: the treasury
// sends no transaction for it (not even one that reverts).
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { balanceOf, cardForm, nonceOf, rpc, SUCCESS_CARD } from '../test/onramp-checkout-client'
import { ONRAMP_TREASURY as TREASURY, useOnrampServer } from '../test/onramp-server'

/** PUSH1 0 PUSH1 0 REVERT: code that refuses every call, coins included. */
const REFUSING_CODE = '0x60006000fd'

const onramp = useOnrampServer()
const { client } = onramp

/** An address holding a contract that takes no coins. */
async function refusingContract(): Promise<string> {
  const address = privateKeyToAccount(generatePrivateKey()).address
  await rpc(onramp.setup.rpcUrl, 'anvil_setCode', [address, REFUSING_CODE])
  return address
}

describe('an order whose destination refuses the coins', () => {
  it('ends failed with the reason, in the order and on the checkout, and pays nothing', async () => {
    const destination = await refusingContract()
    const treasuryBalance = await balanceOf(onramp.setup.rpcUrl, TREASURY.address)
    const treasuryNonce = await nonceOf(onramp.setup.rpcUrl, TREASURY.address)
    const orderId = await client.startOrder(destination)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    await client.waitForStatus(orderId, 'failed')
    expect(await client.order(orderId)).toMatchObject({
      status: 'failed',
      message: 'The coins could not be delivered to this address',
      txHash: null,
    })
    const page = await (await fetch(`${onramp.setup.server.url}/onramp/checkout/${orderId}`)).text()
    expect(page).toContain('<h1>Purchase failed</h1>')
    expect(page).toContain('The coins could not be delivered to this address')

    // A replayed payment changes nothing, and the failed order is not tried again (the worker
    // retries a chain that did not answer every 2 s: wait past two of those).
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    await new Promise((resolve) => setTimeout(resolve, 4_500))
    expect((await client.order(orderId)).status).toBe('failed')
    expect(await balanceOf(onramp.setup.rpcUrl, destination)).toBe(0n)
    expect(await nonceOf(onramp.setup.rpcUrl, TREASURY.address)).toBe(treasuryNonce)
    expect(await balanceOf(onramp.setup.rpcUrl, TREASURY.address)).toBe(treasuryBalance)

    const query = new URLSearchParams({
      projectId: DEV_PROJECT_ID,
      onramp: 'coinbase',
      chainId: 'eip155:1',
    })
    const history = await fetch(
      `${onramp.setup.server.url}/v1/account/${destination}/history?${query}`,
    )
    expect(((await history.json()) as { data: unknown[] }).data).toEqual([])
  })

  it('does not hold up the next buyer: an order after it is paid', async () => {
    const failedId = await client.startOrder(await refusingContract())
    await client.pay(failedId, cardForm(SUCCESS_CARD))
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const paidId = await client.startOrder(buyer)
    await client.pay(paidId, cardForm(SUCCESS_CARD))
    await client.waitForStatus(failedId, 'failed')
    await client.waitForStatus(paidId, 'paid')
    expect(await balanceOf(onramp.setup.rpcUrl, buyer)).toBeGreaterThan(0n)
  })
})
