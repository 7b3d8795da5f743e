// A message's id names one (topic, message) pair: two pairs whose concatenations are the same
// text must not share an id (the second would be dropped as a retry of the first).
import { describe, expect, it } from 'vitest'
import { isRelayMessage, messageIdOf } from './relay-message'

describe('relay message ids', () => {
  it('differ for (topic, message) pairs whose texts run together the same way', () => {
    expect(messageIdOf('ab', 'c')).not.toBe(messageIdOf('a', 'bc'))
    expect(messageIdOf('a'.repeat(65), 'msg')).not.toBe(messageIdOf('a'.repeat(64), 'amsg'))
  })

  it('are the same for the same pair: a retried publish is the same message', () => {
    const topic = 'c'.repeat(64)
    expect(messageIdOf(topic, 'hello')).toBe(messageIdOf(topic, 'hello'))
    expect(messageIdOf(topic, 'hello')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('takes a fanned-out message only with a protocol topic', () => {
    const message = {
      id: 'x',
      topic: 'd'.repeat(64),
      message: 'm',
      tag: 1,
      publisher: 'did:key:z',
      publishedAt: 1,
      expiresAt: 2,
    }
    expect(isRelayMessage(message)).toBe(true)
    expect(isRelayMessage({ ...message, topic: 'not a topic' })).toBe(false)
  })
})
