// What a view shows when a disconnect failed (docs/product.md#errors): which chain would not let
// go and why, as the spec words it, else the plain 'Failed to disconnect'.
import { DisconnectChainError } from './wallet-errors'

export function disconnectFailureMessage(error: unknown): string {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof DisconnectChainError) return current.shortMessage
    current = (current as { cause?: unknown }).cause
  }
  return 'Failed to disconnect'
}
