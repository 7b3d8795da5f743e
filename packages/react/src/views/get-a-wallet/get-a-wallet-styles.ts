// The Get a wallet view's rows: the wallet's image, its name, and its download links in a row.
import type { CSSProperties } from 'react'

export const walletRowStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '10px 12px',
  borderRadius: 'calc(var(--portico-border-radius-master) * 4)',
  background: 'var(--portico-bg-raised)',
}

export const walletNameStyle: CSSProperties = {
  margin: 0,
  fontSize: '1em',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
}

export const walletLinksStyle: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 12px',
  listStyle: 'none',
  margin: 0,
  padding: 0,
}
