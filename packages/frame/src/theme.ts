// SYNC_THEME: the host's theme mode and the few theme variables the confirm uses, applied to
// the frame's root. Only known '--portico-*' names are taken (an allow list), so a host cannot
// set arbitrary properties; the CSP keeps any url() in a value from loading anything.
import type { SyncThemePayload } from '@portico/protocol/embedded-wallet-frame'

const APPLIED = [
  '--portico-font-family',
  '--portico-accent',
  '--portico-color-mix',
  '--portico-color-mix-strength',
  '--portico-font-size-master',
  '--portico-border-radius-master',
] as const

export function applyTheme(root: HTMLElement, theme: SyncThemePayload): void {
  root.dataset.theme = theme.themeMode
  for (const name of APPLIED) {
    const value = theme.themeVariables[name]
    if (value === undefined) root.style.removeProperty(name)
    else root.style.setProperty(name, String(value))
  }
}

/** The theme applied to `from` (the frame's root), onto `to` (the confirm window's root). */
export function copyTheme(from: HTMLElement, to: HTMLElement): void {
  if (from.dataset.theme !== undefined) to.dataset.theme = from.dataset.theme
  for (const name of APPLIED) {
    const value = from.style.getPropertyValue(name)
    if (value !== '') to.style.setProperty(name, value)
  }
}
