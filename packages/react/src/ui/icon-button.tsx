import type { ButtonHTMLAttributes } from 'react'

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name: icon buttons have no visible text. */
  label: string
}

export function IconButton({ label, children, type = 'button', ...props }: IconButtonProps) {
  return (
    <button {...props} type={type} className="portico-icon-button" aria-label={label} title={label}>
      <span aria-hidden="true">{children}</span>
    </button>
  )
}
