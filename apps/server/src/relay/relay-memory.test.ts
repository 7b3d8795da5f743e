// The relay's two short memories: the ids a client was sent lately, and the acknowledgements
// waiting to be written.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AckRows, RelayAckQueue } from './relay-ack-queue'
import { RecentIds } from './relay-recent-ids'

describe('RecentIds', () => {
  it('remembers an id for one to two windows, then forgets it', () => {
    const ids = new RecentIds(10_000, 0)
    ids.add('a', 1_000)
    ids.add('b', 9_000)
    expect(ids.has('a', 12_000)).toBe(true)
    ids.add('c', 12_000)
    expect(ids.size(19_000)).toBe(3)
    // a and b were added in the window that ended at 12 s: gone one window later
    expect(ids.has('a', 22_000)).toBe(false)
    expect(ids.has('b', 22_000)).toBe(false)
    expect(ids.has('c', 22_000)).toBe(true)
    // a long silence forgets everything at once
    expect(ids.size(60_000)).toBe(0)
  })

  it('forgets an id on request (a delivery never acknowledged may go out again)', () => {
    const ids = new RecentIds(10_000, 0)
    ids.add('a', 0)
    ids.add('b', 11_000)
    ids.delete('a')
    ids.delete('b')
    expect(ids.size(12_000)).toBe(0)
  })
})

describe('RelayAckQueue', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes the acks of a second in one write, and at once when drained', async () => {
    vi.useFakeTimers()
    const writes: AckRows[] = []
    const queue = new RelayAckQueue(
      async (rows) => {
        writes.push(rows)
      },
      1_000,
      () => {},
    )
    queue.add('alice', 'm1', 100)
    queue.add('bob', 'm1', 100)
    await vi.advanceTimersByTimeAsync(999)
    expect(writes).toEqual([])
    queue.add('alice', 'm2', 200)
    await vi.advanceTimersByTimeAsync(1)
    expect(writes).toEqual([
      {
        clientIds: ['alice', 'bob', 'alice'],
        messageIds: ['m1', 'm1', 'm2'],
        expiresAts: [100, 100, 200],
      },
    ])
    queue.add('carol', 'm3', 300)
    await queue.drain()
    expect(writes).toHaveLength(2)
    expect(writes[1]?.clientIds).toEqual(['carol'])
    await queue.drain()
    expect(writes).toHaveLength(2)
  })

  it('reports a failed write, fails the drain that asked for it, and goes on writing the next acks', async () => {
    const errors: unknown[] = []
    const written: string[] = []
    let fail = true
    const queue = new RelayAckQueue(
      async (rows) => {
        if (fail) throw new Error('database down')
        written.push(...rows.messageIds)
      },
      1_000,
      (error) => errors.push(error),
    )
    queue.add('alice', 'lost', 100)
    // The caller that asked for the write learns it failed (a fetch must not answer as if the
    // acks were kept); it is reported once more, as any failed write is.
    await expect(queue.drain()).rejects.toThrow('database down')
    expect(errors).toEqual([new Error('database down')])
    // Nothing gathered since: a drain has nothing of its own to fail.
    await queue.drain()
    fail = false
    queue.add('alice', 'kept', 100)
    await queue.drain()
    expect(written).toEqual(['kept'])
  })
})
