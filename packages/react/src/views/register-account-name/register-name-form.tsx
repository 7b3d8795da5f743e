import {
  NAME_RULE_MESSAGE,
  NAME_ZONE,
  type NameSuggestion,
  nameRegistrationStore,
  registerAccountName,
  shortMessageOf,
  typedName,
} from '@portico/core'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Button } from '../../ui/button'
import { emailFormStyles } from '../../ui/email-form-styles'

/** The spec's search wait: suggestions are asked for once typing pauses this long. */
const SUGGESTION_WAIT_MS = 300

/** Suggestions for `typed` once it keeps the rule and typing has paused. */
function useSuggestions(typed: string) {
  const client = usePorticoApiClient()
  const [suggestions, setSuggestions] = useState<NameSuggestion[]>([])
  const [error, setError] = useState<string>()
  useEffect(() => {
    setSuggestions([])
    setError(undefined)
    let label: string
    try {
      label = typedName(typed).slice(0, -NAME_ZONE.length - 1)
    } catch {
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      client.api.names
        .suggestions(label, { signal: controller.signal })
        .then(setSuggestions)
        .catch((failure: unknown) => {
          if (!controller.signal.aborted) {
            setError(shortMessageOf(failure) ?? 'Error fetching name suggestions')
          }
        })
    }, SUGGESTION_WAIT_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [client, typed])
  return { suggestions, error }
}

/** RegisterAccountName: a name in our zone, its suggestions, and the last failure's reason. */
export function RegisterNameForm() {
  injectViewStyles('email-form', emailFormStyles)
  const id = useId()
  const client = usePorticoApiClient()
  const failure = useStore(nameRegistrationStore, (state) => state.error)
  const [typed, setTyped] = useState(
    () => nameRegistrationStore.get().name?.slice(0, -NAME_ZONE.length - 1) ?? '',
  )
  const [ruleError, setRuleError] = useState<string>()
  const { suggestions, error: suggestionError } = useSuggestions(typed)
  const exact = suggestions[0]
  const taken = exact?.registered === true

  function register(label: string) {
    setRuleError(undefined)
    // The action shows the pending view, and on failure comes back here with the reason.
    registerAccountName(client, label).catch((error: unknown) => {
      setRuleError(shortMessageOf(error) ?? NAME_RULE_MESSAGE)
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (typed.trim() !== '') register(typed)
  }

  const message = ruleError ?? failure ?? suggestionError
  return (
    <div className="portico-view portico-stack">
      <form className="portico-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-name`}>Your name</label>
        <p id={`${id}-rule`} className="portico-muted portico-form-message">
          {NAME_RULE_MESSAGE}. It ends in .{NAME_ZONE}
        </p>
        <div className="portico-form-row">
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="off"
            spellCheck={false}
            placeholder="alice"
            value={typed}
            aria-invalid={message || taken ? true : undefined}
            aria-describedby={message ? `${id}-rule ${id}-error` : `${id}-rule`}
            onChange={(event) => {
              setTyped(event.target.value)
              setRuleError(undefined)
              nameRegistrationStore.set({ ...nameRegistrationStore.get(), error: undefined })
            }}
          />
          <Button type="submit" disabled={typed.trim() === '' || taken}>
            Register
          </Button>
        </div>
        {message ? (
          <p id={`${id}-error`} className="portico-error-text portico-form-message" role="alert">
            {message}
          </p>
        ) : null}
        {taken && exact ? <p className="portico-form-message">{exact.name} is taken</p> : null}
      </form>
      {suggestions.length > 0 ? (
        <section aria-label="Suggested names">
          <ul className="portico-stack">
            {suggestions
              .filter((suggestion) => !suggestion.registered)
              .map((suggestion) => (
                <li key={suggestion.name}>
                  <Button
                    variant="secondary"
                    onClick={() => register(suggestion.name.slice(0, -NAME_ZONE.length - 1))}
                  >
                    {suggestion.name}
                  </Button>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
