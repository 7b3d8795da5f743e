// A published message as the relay keeps it, and what a subscriber receives.
import { hash } from 'node:crypto'
import type { RelayDeliveredMessage } from '@portico/protocol/relay-methods'
import { isTopic } from './relay-params'

export interface RelayMessage {
  /**
   * sha256 of the topic's length, the topic and the message (messageIdOf): a retried publish of
   * the same message is the same message, and no two (topic, message) pairs share an id.
   */
  id: string
  topic: string
  message: string
  tag: number
  /** The client id (did:key) that published it; it never gets its own message back. */
  publisher: string
  /** Milliseconds since the epoch. */
  publishedAt: number
  expiresAt: number
}

/** A message as another instance sends it over Redis: every field present with its type. */
export function isRelayMessage(value: unknown): value is RelayMessage {
  if (typeof value !== 'object' || value === null) return false
  const message = value as Record<string, unknown>
  return (
    typeof message.id === 'string' &&
    isTopic(message.topic) &&
    typeof message.message === 'string' &&
    typeof message.publisher === 'string' &&
    Number.isInteger(message.tag) &&
    Number.isFinite(message.publishedAt) &&
    Number.isFinite(message.expiresAt)
  )
}

/** The protocol's delivered message; our attestation is empty, so no verify service is asked. */
export type DeliveredData = RelayDeliveredMessage & { attestation: '' }

/**
 * One-shot, not createHash: a Hash object per message is a native object the garbage
 * collector must finalize, and thousands a second made every young-generation pause longer.
 */
function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex')
}

/**
 * The topic's length first, so the text hashed names one (topic, message) pair only: without it
 * ('ab', 'c') and ('a', 'bc') shared an id, and the second was taken for a retry of the first.
 */
export function messageIdOf(topic: string, message: string): string {
  return sha256Hex(`${topic.length}:${topic}${message}`)
}

/** The subscription id the SDK computes itself: sha256 of topic + client id. */
export function subscriptionIdOf(topic: string, clientId: string): string {
  return sha256Hex(topic + clientId)
}

export function deliveredData(message: RelayMessage): DeliveredData {
  return {
    topic: message.topic,
    message: message.message,
    publishedAt: message.publishedAt,
    tag: message.tag,
    attestation: '',
  }
}

/**
 * `deliveredData(message)` as JSON text, built around the message's own JSON string rather than
 * by serialising an object per delivery: the one allocation left is the frame itself, which
 * keeps the young generation (and its GC pauses) small under load.
 */
export function deliveredDataJson(message: RelayMessage): string {
  return `{"topic":${JSON.stringify(message.topic)},"message":${JSON.stringify(message.message)},"publishedAt":${message.publishedAt},"tag":${message.tag},"attestation":""}`
}
