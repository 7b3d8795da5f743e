import type { ButtonHTMLAttributes } from 'react'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger'
}

export function Button({ variant = 'primary', type = 'button', ...props }: ButtonProps) {
  return <button {...props} type={type} className="portico-button" data-variant={variant} />
}
