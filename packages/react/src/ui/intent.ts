// Signs that a visitor may pick a control soon: the pointer is on it or presses it, or the
// keyboard brought focus to it. Not a focus the modal moves there itself (the first row gets
// focus on open), which the browser does not show as :focus-visible.
import type { FocusEvent } from 'react'

export interface IntentHandlers {
  onPointerEnter?: () => void
  onPointerDown?: () => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
}

export function intentHandlers(onIntent: (() => void) | undefined): IntentHandlers {
  if (!onIntent) return {}
  return {
    onPointerEnter: onIntent,
    onPointerDown: onIntent,
    onFocus: (event) => {
      if (event.currentTarget.matches(':focus-visible')) onIntent()
    },
  }
}
