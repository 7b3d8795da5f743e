import type { ReactNode } from 'react'
import { Avatar } from './Avatar'

export interface ListItemProps {
  label: string
  imageUrl?: string | undefined
  tag?: string | undefined
  current?: boolean
  disabled?: boolean
  onSelect: () => void
  /**
   * The visitor may pick this row soon: the pointer is on it or presses it, or the keyboard
   * brought focus to it. Not a focus the modal moves there itself after a click (the first
   * row gets focus on open), which the browser does not show as :focus-visible.
   */
  onIntent?: (() => void) | undefined
  children?: ReactNode
}

export function ListItem({
  label,
  imageUrl,
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
        onPointerEnter={onIntent}
        onFocus={
          onIntent &&
          ((event) => {
            if (event.currentTarget.matches(':focus-visible')) onIntent()
          })
        }
        onPointerDown={onIntent}
      >
        <Avatar src={imageUrl} name={label} />
        <span className="portico-list-item-label">{label}</span>
        {tag ? <span className="portico-tag">{tag}</span> : null}
      </button>
    </li>
  )
}
