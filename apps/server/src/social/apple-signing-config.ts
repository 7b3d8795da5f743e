// Apple's signing settings from the environment: the team id, the key id and the private key
// (PKCS#8 PEM, as Apple's .p8 download is) our server signs its client secret with. A fixed
// PORTICO_SOCIAL_APPLE_CLIENT_SECRET is refused rather than ignored: an operator who set one
// (a secret signed by hand, which silently expires within six months) learns at start that
// the server now signs its own.
import { createPrivateKey } from 'node:crypto'
import type { AppleSigningKey } from './apple-client-secret'

const TEAM_ID = 'PORTICO_SOCIAL_APPLE_TEAM_ID'
const KEY_ID = 'PORTICO_SOCIAL_APPLE_KEY_ID'
const PRIVATE_KEY = 'PORTICO_SOCIAL_APPLE_PRIVATE_KEY'
const FIXED_SECRET = 'PORTICO_SOCIAL_APPLE_CLIENT_SECRET'

/** Apple's team and key ids are 10 upper-case letters and digits. */
const APPLE_ID = /^[A-Z0-9]{10}$/

const nonEmpty = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim()

/** Undefined when none is set. Throws RangeError when some are set, or one is malformed. */
export function readAppleSigningKey(env: NodeJS.ProcessEnv): AppleSigningKey | undefined {
  if (nonEmpty(env[FIXED_SECRET]) !== undefined) {
    throw new RangeError(
      `${FIXED_SECRET} is not used: Apple's client secret is signed by the server from ${TEAM_ID}, ${KEY_ID} and ${PRIVATE_KEY}`,
    )
  }
  const teamId = nonEmpty(env[TEAM_ID])
  const keyId = nonEmpty(env[KEY_ID])
  // Environments that hold one line only carry the PEM's line breaks as `\n`.
  const pem = nonEmpty(env[PRIVATE_KEY])?.replaceAll('\\n', '\n')
  if (teamId === undefined && keyId === undefined && pem === undefined) return undefined
  if (teamId === undefined || keyId === undefined || pem === undefined) {
    throw new RangeError(`${TEAM_ID}, ${KEY_ID} and ${PRIVATE_KEY} are set together or not at all`)
  }
  if (!APPLE_ID.test(teamId)) throw new RangeError(`${TEAM_ID} must be 10 letters A-Z or digits`)
  if (!APPLE_ID.test(keyId)) throw new RangeError(`${KEY_ID} must be 10 letters A-Z or digits`)
  if (!pem.startsWith('-----BEGIN PRIVATE KEY-----')) {
    throw new RangeError(`${PRIVATE_KEY} must be a PKCS#8 PEM key (Apple's .p8 file)`)
  }
  let privateKey: AppleSigningKey['privateKey']
  try {
    privateKey = createPrivateKey({ key: pem, format: 'pem' })
  } catch {
    throw new RangeError(`${PRIVATE_KEY} is not a readable PKCS#8 PEM key`)
  }
  if (
    privateKey.asymmetricKeyType !== 'ec' ||
    privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1'
  ) {
    throw new RangeError(`${PRIVATE_KEY} must be an EC P-256 key (ES256), as Apple issues`)
  }
  return { teamId, keyId, privateKey }
}
