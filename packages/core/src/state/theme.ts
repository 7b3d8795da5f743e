// The theme (docs/product.md#entities): dark by default, and CSS custom properties the modal sets.
import { BORDER_RADIUS_MASTER, FONT_SIZE_MASTER, MODAL_Z_INDEX } from '../constants'
import { PorticoError } from '../errors/portico-error'
import { createStore } from './store'

export type ThemeMode = 'dark' | 'light'

export interface ThemeVariables {
  '--portico-font-family'?: string
  '--portico-accent'?: string
  '--portico-color-mix'?: string
  '--portico-color-mix-strength'?: number
  '--portico-font-size-master'?: string
  '--portico-border-radius-master'?: string
  '--portico-z-index'?: number
  '--portico-qr-color'?: string
}

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

export const defaultThemeVariables: Readonly<ThemeVariables> = {
  '--portico-font-size-master': FONT_SIZE_MASTER,
  '--portico-border-radius-master': BORDER_RADIUS_MASTER,
  '--portico-z-index': MODAL_Z_INDEX,
}

export const themeStore = /* @__PURE__ */ createStore<ThemeState>(() => ({
  themeMode: 'dark',
  themeVariables: { ...defaultThemeVariables },
}))

export class InvalidThemeModeError extends PorticoError {
  override name = 'InvalidThemeModeError'
  constructor(mode: unknown) {
    super(`Invalid theme mode: ${String(mode)} (expected 'dark' or 'light')`)
  }
}

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'dark' || value === 'light'
}

export function setThemeMode(themeMode: ThemeMode): void {
  if (!isThemeMode(themeMode)) throw new InvalidThemeModeError(themeMode)
  themeStore.set({ themeMode })
}

/**
 * Merges `variables` into the current ones. A variable set to undefined goes back to its
 * default, or is removed when it has none.
 */
export function setThemeVariables(variables: ThemeVariables): void {
  const merged: Record<string, string | number | undefined> = {
    ...themeStore.get().themeVariables,
    ...variables,
  }
  const defaults: Record<string, string | number | undefined> = defaultThemeVariables
  for (const [name, value] of Object.entries(merged)) {
    if (value !== undefined) continue
    if (defaults[name] === undefined) delete merged[name]
    else merged[name] = defaults[name]
  }
  themeStore.set({ themeVariables: merged as ThemeVariables })
}
