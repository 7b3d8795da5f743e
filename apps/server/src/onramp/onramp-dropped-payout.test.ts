// A payout the node drops from its pool (or a chain rolled back under it) is sent again within
// seconds, not waited on for the three minutes a receipt may take: every later buyer's payout
// waits behind it in the one queue.
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { balanceOf, cardForm, rpc, SUCCESS_CARD } from '../test/onramp-checkout-client'
import { useOnrampServer } from '../test/onramp-server'

const onramp = useOnrampServer()
const { client } = onramp

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

afterEach(async () => {
  await rpc(onramp.setup.rpcUrl, 'evm_setAutomine', [true])
})

describe('a payout dropped by the node', () => {
  it('is broadcast again at once, and the buyer is paid once it is mined', async () => {
    const { rpcUrl } = onramp.setup
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    await rpc(rpcUrl, 'evm_setAutomine', [false])
    const orderId = await client.startOrder(buyer)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    let hash = ''
    await until(
      async () => {
        const order = await client.order(orderId)
        hash = order.txHash ?? ''
        return order.status === 'paying' && hash !== ''
      },
      'the payout to be broadcast',
      20_000,
    )
    const known = async () => (await rpc(rpcUrl, 'eth_getTransactionByHash', [hash])) !== null
    await until(known, 'the payout in the pool', 10_000)

    await rpc(rpcUrl, 'anvil_dropTransaction', [hash])
    expect(await known()).toBe(false)
    // Noticed within a few polls, then sent again after the retry delay: far inside the
    // receipt wait of three minutes.
    await until(known, 'the same payout sent again', 8_000)

    await rpc(rpcUrl, 'evm_mine')
    await client.waitForStatus(orderId, 'paid')
    const paid = await client.order(orderId)
    expect(paid.txHash).toBe(hash)
    expect(await balanceOf(rpcUrl, buyer)).toBe(parseEther(paid.purchaseAmount?.amount ?? ''))
  }, 60_000)
})
