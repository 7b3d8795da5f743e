// Typed reads and writes of the spec's stored keys. Values are JSON; a value that does not
// parse or has the wrong shape reads as undefined.
import { readRaw, removeRaw, writeRaw } from './fallback-storage'
import { STORAGE_KEYS, type StoredKey, type StoredValues } from './storage-keys'
import { storedValueShapes } from './stored-value-shapes'

export function readStored<K extends StoredKey>(key: K): StoredValues[K] | undefined {
  const raw = readRaw(STORAGE_KEYS[key])
  if (raw === null) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    return storedValueShapes[key](value) ? (value as StoredValues[K]) : undefined
  } catch {
    return undefined
  }
}

export function writeStored<K extends StoredKey>(key: K, value: StoredValues[K]): void {
  writeRaw(STORAGE_KEYS[key], JSON.stringify(value))
}

export function removeStored(key: StoredKey): void {
  removeRaw(STORAGE_KEYS[key])
}
