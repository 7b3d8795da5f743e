// The theme (docs/product.md#entities): dark by default, and CSS custom properties the modal sets.
import { BORDER_RADIUS_MASTER, FONT_SIZE_MASTER, MODAL_Z_INDEX } from '../constants'
import { PorticoError } from '../errors/portico-error'
import {
  isThemeModeSetting,
  type ThemeMode,
  type ThemeModeSetting,
  takeInitialTheme,
} from './initial-theme'
import { createStore } from './store'

export type { ThemeMode, ThemeModeSetting } from './initial-theme'
export { isThemeModeSetting }

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
  /** The mode shown; with 'system' asked for, the one the visitor's system prefers now. */
  themeMode: ThemeMode
  /** The host asked for 'system': themeMode changes when the visitor's preference does. */
  followsSystem: boolean
  themeVariables: ThemeVariables
}

export const defaultThemeVariables: Readonly<ThemeVariables> = {
  '--portico-font-size-master': FONT_SIZE_MASTER,
  '--portico-border-radius-master': BORDER_RADIUS_MASTER,
  '--portico-z-index': MODAL_Z_INDEX,
}

export const themeStore = /* @__PURE__ */ createStore<ThemeState>(() => ({
  themeMode: 'dark',
  followsSystem: false,
  themeVariables: { ...defaultThemeVariables },
}))

export class InvalidThemeModeError extends PorticoError {
  override name = 'InvalidThemeModeError'
  constructor(mode: unknown) {
    super(`Invalid theme mode: ${String(mode)} (expected 'dark', 'light' or 'system')`)
  }
}

interface ColourSchemeQuery {
  matches: boolean
  addEventListener(type: 'change', listener: () => void): void
  removeEventListener(type: 'change', listener: () => void): void
}

const LIGHT_SCHEME = '(prefers-color-scheme: light)'
let stopFollowingSystem: (() => void) | undefined

/**
 * The visitor's preference, kept up to date while 'system' is asked for. Dark where nothing
 * says (no matchMedia, as in Node): the spec's default mode.
 */
function followSystem(): void {
  const matchMedia = (globalThis as { matchMedia?: (query: string) => ColourSchemeQuery })
    .matchMedia
  const query = matchMedia?.(LIGHT_SCHEME)
  const apply = () => themeStore.set({ themeMode: query?.matches ? 'light' : 'dark' })
  apply()
  if (!query || stopFollowingSystem) return
  query.addEventListener('change', apply)
  stopFollowingSystem = () => query.removeEventListener('change', apply)
}

export function setThemeMode(themeMode: ThemeModeSetting): void {
  // The host's options from createPortico first, so that a later call wins over them.
  applyInitialTheme()
  if (!isThemeModeSetting(themeMode)) throw new InvalidThemeModeError(themeMode)
  if (themeMode === 'system') {
    themeStore.set({ followsSystem: true })
    followSystem()
    return
  }
  stopFollowingSystem?.()
  stopFollowingSystem = undefined
  themeStore.set({ themeMode, followsSystem: false })
}

/**
 * Merges `variables` into the current ones. A variable set to undefined goes back to its
 * default, or is removed when it has none.
 */
export function setThemeVariables(variables: ThemeVariables): void {
  applyInitialTheme()
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

/**
 * Applies the theme options the host gave createPortico (kept in state/initial-theme.ts), once:
 * called where the theme is first read.
 */
export function applyInitialTheme(): void {
  const theme = takeInitialTheme()
  if (theme?.themeMode) setThemeMode(theme.themeMode)
  if (theme?.themeVariables) setThemeVariables(theme.themeVariables)
}
