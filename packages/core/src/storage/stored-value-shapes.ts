// What a stored value must look like to be read back. Storage is shared with anything else on
// the origin, so a value of the wrong shape is treated as absent rather than trusted.
import type { StoredKey } from './storage-keys'

type Check = (value: unknown) => boolean

const isString: Check = (value) => typeof value === 'string'
const isBoolean: Check = (value) => typeof value === 'boolean'
const isFiniteNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value)
const isOneOf =
  (...allowed: string[]): Check =>
  (value) =>
    typeof value === 'string' && allowed.includes(value)
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string'

const isWallet: Check = (value) =>
  isRecord(value) &&
  isString(value.id) &&
  isString(value.name) &&
  isOptionalString(value.imageUrl) &&
  isOptionalString(value.rdns)

export const storedValueShapes: Readonly<Record<StoredKey, Check>> = {
  sessionToken: isString,
  emailLoginUsed: isBoolean,
  lastUsedChain: /* @__PURE__ */ isOneOf('eip155', 'solana', 'bip122'),
  lastEmailLoginTime: isFiniteNumber,
  email: isString,
  preferredAccountType: /* @__PURE__ */ isOneOf('eoa', 'smartAccount', 'payment'),
  smartAccountEnabled: isBoolean,
  smartAccountEnabledNetworks: (value) => Array.isArray(value) && value.every(isFiniteNumber),
  socialUsername: isString,
  recentWallets: (value) => Array.isArray(value) && value.every(isWallet),
  connectionStatus: /* @__PURE__ */ isOneOf('connected', 'disconnected'),
  connectedConnectorId: isString,
  deepLink: (value) => isRecord(value) && isString(value.name) && isString(value.href),
  legalConsent: (value) =>
    isRecord(value) &&
    isOptionalString(value.termsConditionsUrl) &&
    isOptionalString(value.privacyPolicyUrl),
  solanaWallet: isString,
}
