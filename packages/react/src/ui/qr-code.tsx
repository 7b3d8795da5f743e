// A QR code drawn locally (uqr encodes, we draw one SVG path): no image service, nothing
// leaves the page. Generic: a value and the accessible label that says what it holds.
import { useMemo } from 'react'
import { encode } from 'uqr'

export interface QrCodeProps {
  /** What the code holds: an address, a WalletConnect URI... */
  value: string
  /** The image's accessible name ("QR code of your address"). */
  label: string
  /** Rendered width and height in CSS pixels. */
  size?: number
}

export function QrCode({ value, label, size = 220 }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, modules: qr.size }
  }, [value])

  return (
    <svg
      role="img"
      aria-label={label}
      className="portico-qr"
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  )
}
