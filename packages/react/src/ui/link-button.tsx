import type { ButtonHTMLAttributes } from 'react'

/** A button that reads as a link in running text (it moves within the modal, so it is a button). */
export function LinkButton({
  type = 'button',
  style,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...props}
      type={type}
      style={{
        padding: 0,
        border: 0,
        background: 'none',
        color: 'var(--portico-fg)',
        font: 'inherit',
        fontWeight: 600,
        textDecoration: 'underline',
        textUnderlineOffset: 2,
        cursor: 'pointer',
        // A link that cannot be followed yet (a resend waiting out its cooldown) reads as text.
        ...(props.disabled && {
          color: 'var(--portico-fg-muted)',
          textDecoration: 'none',
          cursor: 'default',
        }),
        ...style,
      }}
    />
  )
}
