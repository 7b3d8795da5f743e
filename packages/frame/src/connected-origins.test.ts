import { describe, expect, it } from 'vitest'
import { CONNECTED_ORIGINS_KEY, createConnectedOrigins } from './connected-origins'
import { memoryStore } from './test/memory-storage'

const A = '0x00000000000000000000000000000000000000aA'
const B = '0x00000000000000000000000000000000000000bb'

function record() {
  const memory = new Map<string, string>()
  return { memory, connected: createConnectedOrigins(memoryStore(memory)) }
}

describe('the origins the visitor logged in from', () => {
  it('knows an origin once a login was made there, for that wallet only', () => {
    const { connected } = record()
    expect(connected.has('https://a.example')).toBe(false)
    connected.add('https://a.example', A)
    expect(connected.has('https://a.example')).toBe(true)
    expect(connected.has('https://a.example', A.toLowerCase())).toBe(true)
    expect(connected.has('https://a.example', B)).toBe(false)
    expect(connected.has('https://b.example')).toBe(false)
    // An origin is compared whole: another port or scheme is another page.
    expect(connected.has('https://a.example:8443')).toBe(false)
    expect(connected.has('http://a.example')).toBe(false)
  })

  it('adds the origins of logins to the same wallet, and starts afresh for another wallet', () => {
    const { connected } = record()
    connected.add('https://a.example', A)
    connected.add('https://b.example', A.toLowerCase())
    expect(connected.has('https://a.example')).toBe(true)
    expect(connected.has('https://b.example')).toBe(true)
    connected.add('https://b.example', B)
    expect(connected.has('https://a.example')).toBe(false)
    expect(connected.has('https://b.example', B)).toBe(true)
  })

  it('forgets them all when cleared, and trusts nothing it cannot read', () => {
    const { connected, memory } = record()
    connected.add('https://a.example', A)
    connected.clear()
    expect(connected.has('https://a.example')).toBe(false)
    for (const broken of [
      '{',
      'null',
      '{"origins":["https://a.example"]}',
      '"https://a.example"',
    ]) {
      memory.set(CONNECTED_ORIGINS_KEY, broken)
      expect(connected.has('https://a.example')).toBe(false)
    }
    memory.set(
      CONNECTED_ORIGINS_KEY,
      JSON.stringify({ address: A, origins: [1, 'https://a.example'] }),
    )
    expect(connected.has('https://a.example')).toBe(true)
  })
})
