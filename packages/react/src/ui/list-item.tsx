import type { ReactNode } from 'react'
import { Avatar } from './avatar'
import { intentHandlers } from './intent'

export interface ListItemProps {
  label: string
  imageUrl?: string | undefined
  /** A round image (networks); wallets are square. */
  round?: boolean
  tag?: string | undefined
  current?: boolean
  disabled?: boolean
  onSelect: () => void
  /** The visitor may pick this row soon (see intent.ts). */
  onIntent?: (() => void) | undefined
  children?: ReactNode
}

export function ListItem({
  label,
  imageUrl,
  round,
  tag,
  current,
  disabled,
  onSelect,
  onIntent,
}: ListItemProps) {
  return (
    <li>
      <button
        type="button"
        className="portico-list-item"
        aria-current={current ? 'true' : undefined}
        disabled={disabled}
        onClick={onSelect}
        {...intentHandlers(onIntent)}
      >
        <Avatar src={imageUrl} name={label} round={round} />
        {/* The title shows a name the row cuts short in full on hover. */}
        <span className="portico-list-item-label" title={label}>
          {label}
        </span>
        {tag ? <span className="portico-tag">{tag}</span> : null}
      </button>
    </li>
  )
}

/** A row still loading: a list item's size and shape, without content, hidden from assistive tech. */
export function ListItemPlaceholder() {
  return (
    <li aria-hidden="true">
      <div className="portico-list-item portico-list-item-placeholder">
        <span className="portico-avatar" />
        <span className="portico-list-item-label">{'\u00a0'}</span>
      </div>
    </li>
  )
}
