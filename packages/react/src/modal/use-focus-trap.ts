import { type RefObject, useEffect, useState } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Keeps Tab and Shift+Tab inside the dialog, and gives focus back to the opener on close. */
export function useFocusTrap(ref: RefObject<HTMLElement | null>) {
  // Read during the first render, before showModal() moves focus into the dialog.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  )
  useEffect(() => {
    const container = ref.current
    if (!container) return

    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Tab' || !container) return
      const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) => element.offsetParent !== null || element === document.activeElement,
      )
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (!first || !last) {
        event.preventDefault()
        return
      }
      const active = document.activeElement
      if (event.shiftKey && (active === first || !container.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }

    container.addEventListener('keydown', onKeyDown)
    return () => {
      container.removeEventListener('keydown', onKeyDown)
      if (opener?.isConnected) opener.focus()
    }
  }, [ref, opener])
}

/**
 * Moves focus to the first control of a newly shown view, so keyboard users land inside it, and
 * shows the view from its top. The focus must not scroll: the view is drawn while the body's
 * height still animates from the last view's (or from nothing, on open), and the browser would
 * scroll the short body to bring the control into view; Connect then opened 40-56 px down, its
 * first row or the e-mail label cut.
 */
export function focusFirstControl(container: HTMLElement | null) {
  if (!container) return
  container.scrollTop = 0
  container.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true })
}
