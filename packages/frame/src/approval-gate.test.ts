import type { FrameOutgoing } from '@portico/protocol/embedded-wallet-frame'
import { stringToHex, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApprovalGate } from './approval-gate'
import { NOTHING_KNOWN } from './chain-catalog'
import { type RpcContext, routeRpcRequest } from './rpc-router'
import type { WatchVisibility } from './visibility-gate'

const account = privateKeyToAccount(generatePrivateKey())

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name)
  if (!found) throw new Error(`no ${name} button`)
  return found
}

/** Lets pending promise callbacks run (the gate awaits its queue before drawing). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Stands in for the browser's visibility checks (visibility-gate.test.ts tests them): the test
 * says when the confirm has been seen, and whether that ended; `watching` counts live watches.
 */
function visibilityControl() {
  const listeners = new Set<(seen: boolean) => void>()
  const watch: WatchVisibility = (_targets, onChange) => {
    listeners.add(onChange)
    return () => listeners.delete(onChange)
  }
  return {
    watch,
    seen: (value: boolean) => {
      for (const listener of listeners) listener(value)
    },
    watching: () => listeners.size,
  }
}

const PAGE = 'https://app.example.com'

describe('a not-safe request behind the frame confirm', () => {
  let root: HTMLElement
  let posted: FrameOutgoing[]
  let reads: string[]
  let context: (id: string) => RpcContext
  let visibility: ReturnType<typeof visibilityControl>

  /** Approve, once the confirm has been seen. */
  function approve() {
    visibility.seen(true)
    button('Approve').click()
  }

  beforeEach(() => {
    root = document.createElement('main')
    document.body.append(root)
    posted = []
    reads = []
    visibility = visibilityControl()
    const gate = createApprovalGate({
      root,
      post: (m) => posted.push(m),
      origin: PAGE,
      watch: visibility.watch,
      inWindow: false,
    })
    context = (id) => ({
      account: () => account,
      switchChain: () => undefined,
      read: async (_chainId, method) => {
        reads.push(method)
        return null
      },
      catalog: async () => NOTHING_KNOWN,
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
    expect(root.textContent).toContain(`Requested by ${PAGE}`)
    await settle()
    expect(answered).toBeUndefined()

    approve()
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
    approve()
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
    approve()
    await expect(second).resolves.toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('keeps Approve disabled, for the mouse and the keyboard, until the confirm has been seen', async () => {
    let answered = false
    const call = routeRpcRequest(
      { method: 'personal_sign', params: ['0x68656c6c6f', account.address], chainId: 1 },
      context('sign-3'),
    ).finally(() => {
      answered = true
    })
    await settle()
    const approveButton = button('Approve')
    // A disabled button takes no click, and Enter or Space on it makes none: the browser's
    // keyboard activation is that same click.
    expect(approveButton.disabled).toBe(true)
    approveButton.click()
    await settle()
    expect(answered).toBe(false)
    expect(posted.map((m) => m.type)).toEqual(['FRAME_APPROVAL_REQUESTED'])

    visibility.seen(true)
    expect(approveButton.disabled).toBe(false)
    // Covered again: off again, and a click does nothing.
    visibility.seen(false)
    expect(approveButton.disabled).toBe(true)
    approveButton.click()
    await settle()
    expect(answered).toBe(false)

    approve()
    await expect(call).resolves.toMatch(/^0x[0-9a-f]{130}$/)
    // Decided: the watch is over, and nothing turns Approve on again.
    expect(visibility.watching()).toBe(0)
  })

  it('lets Reject through at once: refusing needs no wait', async () => {
    const call = routeRpcRequest(
      { method: 'personal_sign', params: ['0x68656c6c6f', account.address], chainId: 1 },
      context('sign-4'),
    )
    await settle()
    expect(button('Reject').disabled).toBe(false)
    button('Reject').click()
    await expect(call).rejects.toMatchObject({ code: 4001 })
    expect(visibility.watching()).toBe(0)
  })

  it('names the page by its verified origin, prominently, as what describes the confirm', async () => {
    void routeRpcRequest(
      { method: 'personal_sign', params: ['0x68656c6c6f', account.address], chainId: 1 },
      context('sign-5'),
    ).catch(() => undefined)
    await settle()
    const dialog = root.querySelector('[role="dialog"]') as HTMLElement
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toBe(`Requested by ${PAGE}`)
    expect(described?.querySelector('strong')?.textContent).toBe(PAGE)
    button('Reject').click()
  })
})
