import type { FrameOutgoing } from '@portico/protocol/embedded-wallet-frame'
import { stringToHex, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApprovalGate } from './approval-gate'
import { type RpcContext, routeRpcRequest } from './rpc-router'

const account = privateKeyToAccount(generatePrivateKey())

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name)
  if (!found) throw new Error(`no ${name} button`)
  return found
}

/** Lets pending promise callbacks run (the gate awaits its queue before drawing). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a not-safe request behind the frame confirm', () => {
  let root: HTMLElement
  let posted: FrameOutgoing[]
  let reads: string[]
  let context: (id: string) => RpcContext

  beforeEach(() => {
    root = document.createElement('main')
    document.body.append(root)
    posted = []
    reads = []
    const gate = createApprovalGate({ root, post: (m) => posted.push(m), dappName: () => 'Demo' })
    context = (id) => ({
      account: () => account,
      switchChain: () => undefined,
      read: async (_chainId, method) => {
        reads.push(method)
        return null
      },
      withApproval: gate(id),
      bundles: new Map(),
    })
  })
  afterEach(() => root.remove())

  it("is not signed until Approve is clicked, then the signature is the account's", async () => {
    const message = 'Hello from the dapp'
    let answered: unknown
    const call = routeRpcRequest(
      { method: 'personal_sign', params: [stringToHex(message), account.address], chainId: 1 },
      context('sign-1'),
    ).then((signature) => {
      answered = signature
      return signature
    })
    await settle()
    expect(posted).toEqual([
      { type: 'FRAME_APPROVAL_REQUESTED', payload: { id: 'sign-1', method: 'personal_sign' } },
    ])
    expect(root.textContent).toContain('Sign message')
    expect(root.textContent).toContain(message)
    expect(root.textContent).toContain('Requested by Demo')
    await settle()
    expect(answered).toBeUndefined()

    button('Approve').click()
    const signature = (await call) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(posted.at(-1)).toEqual({
      type: 'FRAME_APPROVAL_SETTLED',
      payload: { id: 'sign-1', approved: true },
    })
    expect(root.childElementCount).toBe(0)
  })

  it('answers Reject with 4001 "User rejected the request." and signs nothing', async () => {
    const call = routeRpcRequest(
      { method: 'personal_sign', params: ['0x68656c6c6f', account.address], chainId: 1 },
      context('sign-2'),
    )
    await settle()
    button('Reject').click()
    await expect(call).rejects.toMatchObject({ message: 'User rejected the request.', code: 4001 })
    expect(posted.at(-1)).toEqual({
      type: 'FRAME_APPROVAL_SETTLED',
      payload: { id: 'sign-2', approved: false },
    })
  })

  it('refuses a transaction for another account before asking anything', async () => {
    const other = privateKeyToAccount(generatePrivateKey()).address
    const call = routeRpcRequest(
      {
        method: 'eth_sendTransaction',
        params: [{ from: other, to: other, value: '0x1' }],
        chainId: 1,
      },
      context('tx-1'),
    )
    await expect(call).rejects.toMatchObject({ code: 4100 })
    expect(posted).toEqual([])
    expect(reads).toEqual([])
  })

  it('shows typed data readably and signs it only after Approve', async () => {
    const typedData = {
      primaryType: 'Mail' as const,
      domain: { name: 'Ether Mail', version: '1', chainId: 1 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }] as const,
      },
      message: { contents: 'Hello, Bob!' },
    }
    const call = routeRpcRequest(
      {
        method: 'eth_signTypedData_v4',
        params: [account.address, JSON.stringify(typedData)],
        chainId: 1,
      },
      context('typed-1'),
    )
    await settle()
    expect(root.textContent).toContain('Ether Mail')
    expect(root.textContent).toContain('Hello, Bob!')
    button('Approve').click()
    const signature = (await call) as `0x${string}`
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({ ...typedData, types, address: account.address, signature }),
    ).toBe(true)
  })

  it('asks one confirm at a time', async () => {
    const first = routeRpcRequest(
      { method: 'personal_sign', params: ['0x01', account.address], chainId: 1 },
      context('a'),
    )
    const second = routeRpcRequest(
      { method: 'personal_sign', params: ['0x02', account.address], chainId: 1 },
      context('b'),
    )
    await settle()
    expect(posted.filter((m) => m.type === 'FRAME_APPROVAL_REQUESTED')).toHaveLength(1)
    button('Reject').click()
    await expect(first).rejects.toMatchObject({ code: 4001 })
    await settle()
    expect(posted.filter((m) => m.type === 'FRAME_APPROVAL_REQUESTED')).toHaveLength(2)
    button('Approve').click()
    await expect(second).resolves.toMatch(/^0x[0-9a-f]{130}$/)
  })
})
