import type { ReactNode } from 'react'
import { Avatar } from './Avatar'

export interface ListItemProps {
  label: string
  imageUrl?: string | undefined
  tag?: string | undefined
  current?: boolean
  disabled?: boolean
  onSelect: () => void
  children?: ReactNode
}

export function ListItem({ label, imageUrl, tag, current, disabled, onSelect }: ListItemProps) {
  return (
    <li>
      <button
        type="button"
        className="portico-list-item"
        aria-current={current ? 'true' : undefined}
        disabled={disabled}
        onClick={onSelect}
      >
        <Avatar src={imageUrl} name={label} />
        <span className="portico-list-item-label">{label}</span>
        {tag ? <span className="portico-tag">{tag}</span> : null}
      </button>
    </li>
  )
}
