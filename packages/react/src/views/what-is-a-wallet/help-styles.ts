// The help views' own styles (What is a wallet?, Get a wallet): a point on the raised surface
// rows use, with a heading and a muted line under it.
import type { CSSProperties } from 'react'

export const helpPointStyle: CSSProperties = {
  padding: '12px 14px',
  borderRadius: 'calc(var(--portico-border-radius-master) * 4)',
  background: 'var(--portico-bg-raised)',
}

export const helpPointTitleStyle: CSSProperties = { margin: '0 0 4px', fontSize: '1em' }

export const helpPointTextStyle: CSSProperties = { lineHeight: 1.4 }
