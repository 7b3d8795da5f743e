// New messages shared between relay instances over Redis pub/sub: each instance publishes what
// its clients publish and delivers what the others publish to its own subscribers. Subscribing
// takes a connection of its own (a subscribed Redis connection can do nothing else). Messages
// published in one turn of the event loop go in one PUBLISH, as `<origin> <JSON list>`, so an
// instance skips its own without parsing them.
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { BatchWriter } from './relay-batch'
import { isRelayMessage, type RelayMessage } from './relay-message'

export class RelayFanout {
  readonly instanceId = randomBytes(8).toString('hex')
  readonly #channel: string
  #subscriber: Redis | undefined
  readonly #outgoing = new BatchWriter<RelayMessage>(async (messages) => {
    await this.redis.publish(this.#channel, `${this.instanceId} ${JSON.stringify(messages)}`)
  }, 500)

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
      const space = text.indexOf(' ')
      if (space < 0 || text.slice(0, space) === this.instanceId) return
      let messages: unknown
      try {
        messages = JSON.parse(text.slice(space + 1))
      } catch {
        return
      }
      if (!Array.isArray(messages)) return
      // Another version of the relay may send what this one cannot read: skipped, not thrown
      // out of the Redis client's listener.
      for (const message of messages) if (isRelayMessage(message)) onMessage(message)
    })
    await subscriber.subscribe(this.#channel)
  }

  /** Resolves once Redis has taken the message (with the others of its turn). */
  broadcast(message: RelayMessage): Promise<void> {
    return this.#outgoing.add(message)
  }

  async close(): Promise<void> {
    await this.#outgoing.drain().catch(() => {})
    const subscriber = this.#subscriber
    this.#subscriber = undefined
    if (!subscriber || subscriber.status === 'end') return
    await subscriber.quit().catch(() => subscriber.disconnect())
  }
}
