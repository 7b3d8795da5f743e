// The host's theme options wait here from createPortico until the theme is first read (the
// dialog as its chunk arrives, the embedded wallet's frame as it starts): nothing drawn before
// the first click uses them, so the page does not carry the theme's code (state/theme.ts).
import type { ThemeVariables } from './theme'

/** The colours the modal shows. */
export type ThemeMode = 'dark' | 'light'
/** What a host may ask for: a mode, or 'system' to follow the visitor's colour scheme. */
export type ThemeModeSetting = ThemeMode | 'system'

export function isThemeModeSetting(value: unknown): value is ThemeModeSetting {
  return value === 'dark' || value === 'light' || value === 'system'
}

export interface InitialTheme {
  themeMode?: ThemeModeSetting
  themeVariables?: ThemeVariables
}

let pending: InitialTheme | undefined

export function keepInitialTheme(theme: InitialTheme): void {
  pending = theme
}

/** The kept options, once: whoever applies them takes them. */
export function takeInitialTheme(): InitialTheme | undefined {
  const theme = pending
  pending = undefined
  return theme
}
