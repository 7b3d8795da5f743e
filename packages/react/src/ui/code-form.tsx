import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from './button'
import { LinkButton } from './link-button'

/** The codes our server mails: 6 digits. */
const CODE_LENGTH = 6

export interface CodeFormProps {
  /** Says where the code went, above the field. */
  description: string
  /** Resolves to the message to show when it failed, undefined when it went through. */
  onSubmit(code: string): Promise<string | undefined>
  /** Sends another code; resolves to the failure to show, undefined when one is on its way. */
  onResend?(): Promise<string | undefined>
  /** Seconds before another code may be asked for (0: now): the resend waits, counting down. */
  resendWaitSeconds?(): number
}

/** `read()` now and again each second while it is above 0. */
function useCountdown(read: (() => number) | undefined, restartedAt: number): number {
  const [seconds, setSeconds] = useState(() => read?.() ?? 0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartedAt starts the count again after a resend
  useEffect(() => {
    if (!read) return
    setSeconds(read())
    const timer = setInterval(() => {
      const left = read()
      setSeconds(left)
      if (left <= 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [read, restartedAt])
  return seconds
}

/**
 * A 6-digit code field (digits only, the browser may fill it from the mail), sent as soon as
 * six digits are in or with the button; a wrong or expired code is said as the server words it
 * and the field empties for the next try.
 */
export function CodeForm({ description, onSubmit, onResend, resendWaitSeconds }: CodeFormProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [resentAt, setResentAt] = useState(0)
  const waitSeconds = useCountdown(resendWaitSeconds, resentAt)

  async function send(value: string) {
    if (busy || value.length !== CODE_LENGTH) return
    setBusy(true)
    setError(undefined)
    setNotice(undefined)
    const failure = await onSubmit(value)
    setBusy(false)
    if (failure) {
      setError(failure)
      setCode('')
      input.current?.focus()
    }
  }

  async function resend() {
    if (!onResend) return
    setError(undefined)
    setNotice(undefined)
    const failure = await onResend()
    if (failure) setError(failure)
    else {
      setNotice('A new code is on its way: the code in the earlier e-mail no longer works')
      setResentAt(Date.now())
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void send(code)
  }

  return (
    <form className="portico-form" onSubmit={submit} noValidate>
      <p className="portico-muted portico-form-message" id={`${id}-description`}>
        {description}
      </p>
      <label htmlFor={`${id}-code`}>Verification code</label>
      <input
        ref={input}
        id={`${id}-code`}
        className="portico-code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        // biome-ignore lint/a11y/noAutofocus: the view exists to take this code
        autoFocus
        maxLength={CODE_LENGTH}
        pattern="[0-9]{6}"
        value={code}
        readOnly={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH)
          setCode(digits)
          if (digits.length === CODE_LENGTH) void send(digits)
        }}
      />
      <Button type="submit" disabled={busy || code.length !== CODE_LENGTH}>
        {busy ? 'Checking…' : 'Continue'}
      </Button>
      {error ? (
        <p id={`${id}-error`} className="portico-error-text portico-form-message" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="portico-muted portico-form-message" role="status">
          {notice}
        </p>
      ) : null}
      {onResend ? (
        <p className="portico-muted portico-form-message">
          Didn't get it?{' '}
          {waitSeconds > 0 ? (
            <LinkButton disabled>{`Resend in ${waitSeconds} s`}</LinkButton>
          ) : (
            <LinkButton onClick={() => void resend()}>Resend code</LinkButton>
          )}
        </p>
      ) : null}
    </form>
  )
}
