// The demo page's colour scheme: dark unless the page is opened with `?theme=light` or
// `?theme=system` (the modal then follows the visitor's system), and a switch in the header.
// The page itself wears the mode the modal shows, so the two always match.
import { setThemeMode, type ThemeModeSetting, themeStore } from '@portico/core'
import { useEffect, useState, useSyncExternalStore } from 'react'

export function themeChoiceOf(search: string): ThemeModeSetting {
  const theme = new URLSearchParams(search).get('theme')
  return theme === 'light' || theme === 'system' ? theme : 'dark'
}

export const initialThemeChoice: ThemeModeSetting =
  typeof location === 'undefined' ? 'dark' : themeChoiceOf(location.search)

const LABELS: Record<ThemeModeSetting, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
}

const shownMode = () => themeStore.get().themeMode

export function ThemeChoice() {
  const [choice, setChoice] = useState(initialThemeChoice)
  const shown = useSyncExternalStore(themeStore.subscribe, shownMode, shownMode)
  useEffect(() => {
    document.documentElement.dataset.theme = shown
  }, [shown])

  return (
    <label>
      Theme{' '}
      <select
        value={choice}
        onChange={(event) => {
          const next = event.target.value as ThemeModeSetting
          setChoice(next)
          setThemeMode(next)
        }}
      >
        {(Object.keys(LABELS) as ThemeModeSetting[]).map((mode) => (
          <option key={mode} value={mode}>
            {LABELS[mode]}
          </option>
        ))}
      </select>
    </label>
  )
}
