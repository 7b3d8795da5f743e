import { useState } from 'react'

/**
 * Runs one of the wallet's actions, with a flag to disable the card's buttons meanwhile (a
 * second click would answer twice). Failures show in the page's alert, from the wallet state.
 */
export function useAction(): [busy: boolean, run: (action: () => Promise<void>) => void] {
  const [busy, setBusy] = useState(false)
  const run = (action: () => Promise<void>) => {
    setBusy(true)
    action()
      .catch(() => {})
      .finally(() => setBusy(false))
  }
  return [busy, run]
}
