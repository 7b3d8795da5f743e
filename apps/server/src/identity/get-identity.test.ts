import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const CHECKSUMMED = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

function identity(address: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ projectId: DEV_PROJECT_ID, st: 'portico', sv: '0.1.0' })
  for (const [name, value] of Object.entries(query)) params.set(name, value)
  return fetch(`${server.url}/v1/identity/${address}?${params}`)
}

describe('GET /v1/identity/{address}', () => {
  it.each([
    ['checksummed', CHECKSUMMED],
    ['lowercase', CHECKSUMMED.toLowerCase()],
    ['uppercase hex', `0x${CHECKSUMMED.slice(2).toUpperCase()}`],
  ])('answers no name and no avatar for a %s address', async (_what, address) => {
    const response = await identity(address)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ name: null, avatar: null })
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('takes an optional sender', async () => {
    const response = await identity(CHECKSUMMED, { sender: CHECKSUMMED.toLowerCase() })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ name: null, avatar: null })
  })

  it('keeps the answer in the cache for the identity lifetime', async () => {
    await identity(CHECKSUMMED)
    const cached = await server.app.portico.cache.get(`identity:${CHECKSUMMED.toLowerCase()}`)
    expect(cached).toEqual({ name: null, avatar: null })
  })

  it.each([
    ['too short', '0x1234'],
    ['without 0x', CHECKSUMMED.slice(2)],
    ['not hex', `0x${'g'.repeat(40)}`],
    ['a bad checksum', CHECKSUMMED.replace('d8dA', 'D8dA')],
    ['a name', 'vitalik.eth'],
    ['too long', `0x${'a'.repeat(41)}`],
  ])('answers 400 for an address %s', async (_what, address) => {
    const response = await identity(encodeURIComponent(address))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: {
        code: 'INVALID_ADDRESS',
        message: 'Invalid address: address must be a 0x-prefixed 20-byte hex address',
      },
    })
  })

  it('answers 400 for a malformed sender', async () => {
    const response = await identity(CHECKSUMMED, { sender: 'me' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid address: sender must be a 0x-prefixed 20-byte hex address',
    )
  })

  it('is behind the project guard', async () => {
    const response = await fetch(`${server.url}/v1/identity/${CHECKSUMMED}`)
    expect(response.status).toBe(401)
  })
})
