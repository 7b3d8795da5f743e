// The signed registration message: JSON text of `{ name, attributes, timestamp }` (the peer's
// clients write it so). Parsed and checked here before any signature is verified: the name in
// our zone and by the rule, known attributes, a timestamp inside the window.

import type { RegisterNameMessage } from '@portico/protocol/profile'
import {
  isNameLabel,
  labelInZone,
  NAME_ATTRIBUTE_KEYS,
  NAME_ATTRIBUTE_MAX_LENGTH,
  NAME_MESSAGE_MAX_AGE_S,
  NAME_MESSAGE_MAX_AHEAD_S,
  nameInZone,
} from '@portico/protocol/profile-name'
import {
  InvalidNameError,
  InvalidNameMessageError,
  NameMessageExpiredError,
  WrongZoneError,
} from './profile-errors'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A whole name (`alice.portico.id`) in our zone and by the rule, lowercase; else a refusal. */
export function registrableName(name: string): string {
  const label = labelInZone(name)
  if (label === undefined) throw new WrongZoneError()
  if (!isNameLabel(label)) throw new InvalidNameError()
  return nameInZone(label)
}

function checkedAttributes(value: unknown): Record<string, string> {
  if (value === undefined) return {}
  if (!isRecord(value)) throw new InvalidNameMessageError('attributes must be an object')
  const attributes: Record<string, string> = {}
  for (const [key, text] of Object.entries(value)) {
    if (!(NAME_ATTRIBUTE_KEYS as readonly string[]).includes(key)) {
      throw new InvalidNameMessageError(`unsupported attribute ${JSON.stringify(key.slice(0, 40))}`)
    }
    if (typeof text !== 'string' || text.length > NAME_ATTRIBUTE_MAX_LENGTH) {
      throw new InvalidNameMessageError(
        `attribute ${key} must be text of at most ${NAME_ATTRIBUTE_MAX_LENGTH} characters`,
      )
    }
    if (key === 'avatar' && !/^https:\/\/[^\s]+$/.test(text)) {
      throw new InvalidNameMessageError('attribute avatar must be an https URL')
    }
    attributes[key] = text
  }
  return attributes
}

/** The message's fields, the name made whole-lowercase; refused when anything is off. */
export function parseRegistrationMessage(text: string, nowMs: number): RegisterNameMessage {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new InvalidNameMessageError('the message is not JSON')
  }
  if (!isRecord(parsed)) throw new InvalidNameMessageError('the message is not a JSON object')
  const { name, attributes, timestamp } = parsed
  if (typeof name !== 'string') throw new InvalidNameMessageError('name must be text')
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) {
    throw new InvalidNameMessageError('timestamp must be whole seconds since 1970')
  }
  const message = {
    name: registrableName(name),
    attributes: checkedAttributes(attributes),
    timestamp,
  }
  const nowS = Math.floor(nowMs / 1000)
  if (nowS - timestamp > NAME_MESSAGE_MAX_AGE_S || timestamp - nowS > NAME_MESSAGE_MAX_AHEAD_S) {
    throw new NameMessageExpiredError()
  }
  return message
}
