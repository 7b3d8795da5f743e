import { type FormEvent, useId, useState } from 'react'
import { Button } from './button'

export interface EmailFormProps {
  label: string
  submitLabel: string
  /** Resolves to the message to show when it failed, undefined when it went through. */
  onSubmit(email: string): Promise<string | undefined>
  /** The visitor is about to use the field (focus, typing): warm what the submit needs. */
  onIntent?(): void
}

/** One e-mail field with its label and a submit button; the failure is said under it. */
export function EmailForm({ label, submitLabel, onSubmit, onIntent }: EmailFormProps) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || email.trim() === '') return
    setBusy(true)
    setError(undefined)
    const failure = await onSubmit(email)
    setBusy(false)
    setError(failure)
  }

  return (
    <form className="portico-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-email`}>{label}</label>
      <div className="portico-form-row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={onIntent}
          onChange={(event) => {
            setEmail(event.target.value)
            // The message was about what was typed before: it goes once the address changes.
            setError(undefined)
          }}
        />
        <Button type="submit" disabled={busy || email.trim() === ''}>
          {/* Both labels hold the button's width, so 'Sending…' never squeezes the field. */}
          <span className="portico-form-submit-labels">
            <span aria-hidden={busy}>{submitLabel}</span>
            <span aria-hidden={!busy}>Sending…</span>
          </span>
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="portico-error-text portico-form-message" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
