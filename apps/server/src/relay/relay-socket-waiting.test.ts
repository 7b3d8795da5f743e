// A socket whose address has spent its publish budget: it stops being read, keeps what it had
// already read in order, and is closed if that is ever more than one read and the largest frame.
// The ws socket is a stand-in here, so frames can arrive after the pause (a real one stops at
// what one read of the kernel held, which the relay's own tests cannot outgrow).
import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WebSocket } from 'ws'
import { MemoryRateLimiter } from '../cache/rate-limiter'
import { RelayAddress } from './relay-addresses'
import { DEFAULT_RELAY_CONFIG, FRAME_OVERHEAD_BYTES } from './relay-config'
import type { RelayHub } from './relay-hub'
import { RelaySocket } from './relay-socket'

const limits = {
  ...DEFAULT_RELAY_CONFIG.limits,
  maxMessageChars: 100,
  publishesPerAddressPerSecond: 1,
}
const TOPIC = 'a'.repeat(64)

class StandInSocket extends EventEmitter {
  readonly OPEN = 1
  readyState = 1
  bufferedAmount = 0
  paused = false
  sent: string[] = []
  closedWith: { code: number; reason: string } | undefined
  pause() {
    this.paused = true
  }
  resume() {
    this.paused = false
  }
  send(text: string) {
    this.sent.push(text)
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason }
  }
  terminate() {}
  frame(text: string) {
    this.emit('message', Buffer.from(text), false)
  }
}

const publish = (id: number, message = `m${id}`) =>
  JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_publish', params: { topic: TOPIC, message } })

describe('a socket waiting for its address next second', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-12-06T12:00:00.000Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function waitingSocket() {
    const socket = new StandInSocket()
    const published: string[] = []
    const hub = {
      attach() {},
      detach() {},
      publish(_clientId: string, input: { message: string }) {
        published.push(input.message)
        return Promise.resolve()
      },
    } as unknown as RelayHub
    const clock = () => Date.now()
    new RelaySocket({
      socket: socket as unknown as WebSocket,
      clientId: 'did:key:z6MkStandIn',
      address: new RelayAddress('127.0.0.9', limits, clock),
      hub,
      limits,
      rateLimiter: new MemoryRateLimiter(clock),
      clock,
      onError: (error) => {
        throw error
      },
    })
    return { socket, published }
  }

  it('stops reading at the publish that does not fit, and takes what it read in order next second', async () => {
    const { socket, published } = waitingSocket()
    socket.frame(publish(1))
    socket.frame(publish(2))
    expect(socket.paused).toBe(true)
    socket.frame(publish(3))
    await vi.advanceTimersByTimeAsync(0)
    expect(published).toEqual(['m1'])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(published).toEqual(['m1', 'm2'])
    expect(socket.paused).toBe(true)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(published).toEqual(['m1', 'm2', 'm3'])
    expect(socket.paused).toBe(false)
    expect(socket.sent.map((text) => JSON.parse(text).id)).toEqual([1, 2, 3])
  })

  it('closes with 1008 a socket that had more than one read and the largest frame while waiting', () => {
    const { socket } = waitingSocket()
    socket.frame(publish(1))
    socket.frame(publish(2))
    const oneRead = 64 * 1024
    const frame = publish(3, 'x'.repeat(limits.maxMessageChars))
    const frames = Math.ceil(
      (limits.maxMessageChars + FRAME_OVERHEAD_BYTES + oneRead) / frame.length,
    )
    for (let index = 0; index < frames && !socket.closedWith; index++) socket.frame(frame)
    expect(socket.closedWith).toEqual({
      code: 1008,
      reason: 'Too much sent while waiting for the rate',
    })
  })
})
