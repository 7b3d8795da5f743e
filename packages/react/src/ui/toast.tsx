export interface ToastProps {
  message: string
  variant: 'success' | 'loading' | 'error'
}

export function Toast({ message, variant }: ToastProps) {
  return (
    <div
      className="portico-toast"
      data-variant={variant}
      role={variant === 'error' ? 'alert' : 'status'}
    >
      {variant === 'loading' ? <span className="portico-spinner" aria-hidden="true" /> : null}
      <span>{message}</span>
    </div>
  )
}
