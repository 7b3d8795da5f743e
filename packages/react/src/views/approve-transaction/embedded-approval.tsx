import { setFrameArea } from '@portico/core'
import { useLayoutEffect, useRef } from 'react'

/** What the frame asks about, in words: the method's name means nothing to most people. */
function askedFor(method: string): string {
  switch (method) {
    case 'eth_sendTransaction':
      return 'transaction'
    case 'wallet_sendCalls':
      return 'transactions'
    case 'personal_sign':
      return 'message to sign'
    case 'eth_signTypedData_v4':
      return 'data to sign'
    default:
      return 'request'
  }
}

/** The frame's confirm needs about this much room (method, details, two buttons). */
const FRAME_AREA_HEIGHT_PX = 420

/**
 * The area where the embedded wallet's frame shows its own confirm. The frame is the page's
 * hidden iframe: shown, it moves into this area (or is drawn over it where the browser cannot
 * move it without a reload); the area says where it is now and again whenever the page scrolls
 * or resizes, and that it is gone on unmount.
 */
export function EmbeddedApproval({ method }: { method: string }) {
  const area = useRef<HTMLElement>(null)

  useLayoutEffect(() => {
    const measure = () => {
      const rect = area.current?.getBoundingClientRect()
      if (rect)
        setFrameArea({ top: rect.top, left: rect.left, width: rect.width, height: rect.height })
    }
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    if (area.current) observer?.observe(area.current)
    window.addEventListener('resize', measure)
    window.addEventListener('scroll', measure, true)
    // The dialog animates its height and position as the view opens.
    const settle = window.setTimeout(measure, 200)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', measure)
      window.removeEventListener('scroll', measure, true)
      window.clearTimeout(settle)
      setFrameArea(undefined)
    }
  }, [])

  return (
    <>
      <p className="portico-muted">
        {method === 'EXPORT_KEY'
          ? 'Your private key is shown in the embedded wallet only, never on this page.'
          : `Review the ${askedFor(method)} in your wallet below.`}
      </p>
      {/* A fixed height: the frame inside takes it, so the area never grows with it. */}
      <section
        ref={area}
        className="portico-frame-area"
        data-portico-frame-area=""
        aria-label="Embedded wallet approval"
        style={{ height: FRAME_AREA_HEIGHT_PX, width: '100%' }}
      />
    </>
  )
}
