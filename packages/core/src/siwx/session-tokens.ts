// The bearer tokens of our default sign-in, one per account (CAIP-10; eip155 addresses lower
// case, as the server keys sessions), so that switching back to an account that signed in on
// this browser asks nothing. The server lists an account's sessions only to a token of that
// account. The spec's "session token" key holds the latest token.
import { readStored, removeStored, writeStored } from '../storage'
import { readRaw, removeRaw, writeRaw } from '../storage/fallback-storage'

export const SIWX_SESSION_TOKENS_KEY = '@portico/siwx_session_tokens'

export function sessionAccountKey(chainId: string, address: string): string {
  return `${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`
}

/** Account -> token. Anything else stored under the key (another script's) reads as none. */
export function readSessionTokens(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(readRaw(SIWX_SESSION_TOKENS_KEY) ?? '{}')
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    )
  } catch {
    return {}
  }
}

function writeSessionTokens(tokens: Record<string, string>): void {
  if (Object.keys(tokens).length === 0) removeRaw(SIWX_SESSION_TOKENS_KEY)
  else writeRaw(SIWX_SESSION_TOKENS_KEY, JSON.stringify(tokens))
}

export function sessionTokenOf(chainId: string, address: string): string | undefined {
  return readSessionTokens()[sessionAccountKey(chainId, address)]
}

export function keepSessionToken(chainId: string, address: string, token: string): void {
  writeSessionTokens({ ...readSessionTokens(), [sessionAccountKey(chainId, address)]: token })
  writeStored('sessionToken', token)
}

export function forgetSessionToken(chainId: string, address: string): void {
  const { [sessionAccountKey(chainId, address)]: token, ...rest } = readSessionTokens()
  writeSessionTokens(rest)
  if (token !== undefined && readStored('sessionToken') === token) removeStored('sessionToken')
}

/** Forgets every token; returns them (to end their sessions on the server). */
export function forgetAllSessionTokens(): string[] {
  const tokens = Object.values(readSessionTokens())
  writeSessionTokens({})
  removeStored('sessionToken')
  return tokens
}
