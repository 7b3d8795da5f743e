// New messages shared between relay instances over Redis pub/sub: each instance publishes what
// its clients publish and delivers what the others publish to its own subscribers. Subscribing
// takes a connection of its own (a subscribed Redis connection can do nothing else).
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { RelayMessage } from './relay-message'

interface FanoutEnvelope {
  origin: string
  message: RelayMessage
}

export class RelayFanout {
  readonly instanceId = randomBytes(8).toString('hex')
  readonly #channel: string
  #subscriber: Redis | undefined

  constructor(
    readonly redis: Redis,
    keyPrefix: string,
  ) {
    this.#channel = `${keyPrefix}relay:messages`
  }

  /** Starts listening; `onMessage` gets messages published on other instances. */
  async start(onMessage: (message: RelayMessage) => void): Promise<void> {
    const subscriber = this.redis.duplicate()
    subscriber.on('error', () => {})
    this.#subscriber = subscriber
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.#channel) return
      let envelope: FanoutEnvelope
      try {
        envelope = JSON.parse(text) as FanoutEnvelope
      } catch {
        return
      }
      if (envelope.origin !== this.instanceId) onMessage(envelope.message)
    })
    await subscriber.subscribe(this.#channel)
  }

  async broadcast(message: RelayMessage): Promise<void> {
    const envelope: FanoutEnvelope = { origin: this.instanceId, message }
    await this.redis.publish(this.#channel, JSON.stringify(envelope))
  }

  async close(): Promise<void> {
    const subscriber = this.#subscriber
    this.#subscriber = undefined
    if (!subscriber || subscriber.status === 'end') return
    await subscriber.quit().catch(() => subscriber.disconnect())
  }
}
