import { afterAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from './anvil'

describe('startAnvil', () => {
  const anvils: Anvil[] = []
  afterAll(() => Promise.all(anvils.map((anvil) => anvil.stop())))

  it('answers JSON-RPC under the chain id it was given', async () => {
    const anvil = await startAnvil({ chainId: 8453 })
    anvils.push(anvil)
    const response = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    expect(await response.json()).toMatchObject({ result: '0x2105' })
  })

  it('gives anvils started together distinct ports', async () => {
    const started = await Promise.all([1, 10, 8453].map((chainId) => startAnvil({ chainId })))
    anvils.push(...started)
    expect(new Set(started.map(({ port }) => port)).size).toBe(3)
    expect(started.every(({ port }) => port > 0)).toBe(true)
  })

  it('ends the process on stop()', async () => {
    const anvil = await startAnvil({ chainId: 1 })
    await anvil.stop()
    expect(anvil.process.exitCode !== null || anvil.process.signalCode !== null).toBe(true)
    await anvil.stop()
  })

  it('reports why anvil could not start', async () => {
    const first = await startAnvil({ chainId: 1 })
    anvils.push(first)
    await expect(startAnvil({ chainId: 1, port: first.port })).rejects.toThrow(
      /exited early: .*Address already in use/,
    )
  })
})
