// The kit's real parts are what they say: the server it starts answers on its port with the dev
// project, the chain behind it is anvil with chain id 1, and a hash the kit signs is the hash the
// chain gives that transaction.
import { AUTH_NONCE_PATH, HEALTH_PATH } from '@portico/protocol/route-paths'
import { createPublicClient, http, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { devAccount, freshAccount, signedTransactionHash } from './dev-accounts'
import { serverPerFile } from './server-per-file'

const running = serverPerFile()

describe('startServerOnAnvil', () => {
  it('serves the dev project on a free port, over anvil with chain id 1', async () => {
    const { url, projectId, rpcUrl } = running()
    expect((await fetch(`${url}${HEALTH_PATH}`)).status).toBe(200)
    const nonce = await fetch(`${url}${AUTH_NONCE_PATH}?projectId=${projectId}`, { method: 'POST' })
    expect(nonce.status).toBe(200)
    const chain = createPublicClient({ transport: http(rpcUrl) })
    expect(await chain.getChainId()).toBe(1)
    expect(await chain.getBalance({ address: devAccount(0).address })).toBeGreaterThan(
      parseEther('1000'),
    )
  })

  it('gives the hash the chain gives the dev account’s signed transaction', async () => {
    const chain = createPublicClient({ transport: http(running().rpcUrl) })
    const account = devAccount(1)
    const expected = await signedTransactionHash(0, account)
    const signed = await account.signTransaction({
      chainId: 1,
      nonce: 0,
      to: account.address,
      value: 0n,
      gas: 21_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
    expect(await chain.sendRawTransaction({ serializedTransaction: signed })).toBe(expected)
  })
})

describe('freshAccount', () => {
  it('is a new key each time, its signatures its own', async () => {
    const [one, two] = [freshAccount(), freshAccount()]
    expect(one.address).not.toBe(two.address)
    const signature = await one.signMessage({ message: 'hello' })
    expect(await two.signMessage({ message: 'hello' })).not.toBe(signature)
  })
})
