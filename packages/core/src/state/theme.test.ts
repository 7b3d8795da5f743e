import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keepInitialTheme, takeInitialTheme } from './initial-theme'
import { applyInitialTheme, setThemeMode, setThemeVariables, themeStore } from './theme'

beforeEach(() => {
  themeStore.reset()
})
afterEach(() => {
  takeInitialTheme()
  setThemeMode('dark')
  vi.unstubAllGlobals()
})

/** A browser's colour-scheme query whose answer the test changes, as the visitor's system would. */
function systemPrefers(scheme: 'light' | 'dark') {
  const listeners = new Set<() => void>()
  const query = {
    matches: scheme === 'light',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }
  vi.stubGlobal('matchMedia', (text: string) => {
    expect(text).toBe('(prefers-color-scheme: light)')
    return query
  })
  return {
    listeners,
    change(next: 'light' | 'dark') {
      query.matches = next === 'light'
      for (const listener of listeners) listener()
    },
  }
}

describe('theme', () => {
  it('is dark by default, with the spec’s sizes and layer', () => {
    expect(themeStore.get()).toEqual({
      themeMode: 'dark',
      followsSystem: false,
      themeVariables: {
        '--portico-font-size-master': '10px',
        '--portico-border-radius-master': '4px',
        '--portico-z-index': 999,
      },
    })
  })

  it('switches to light and back', () => {
    setThemeMode('light')
    expect(themeStore.get().themeMode).toBe('light')
    setThemeMode('dark')
    expect(themeStore.get().themeMode).toBe('dark')
  })

  it('refuses an unknown theme mode and keeps the current one', () => {
    expect(() => setThemeMode('blue' as 'dark')).toThrow(
      "Invalid theme mode: blue (expected 'dark', 'light' or 'system')",
    )
    expect(themeStore.get().themeMode).toBe('dark')
  })

  it("follows the visitor's colour scheme when 'system' is asked for, as it changes", () => {
    const system = systemPrefers('light')
    setThemeMode('system')
    expect(themeStore.get()).toMatchObject({ themeMode: 'light', followsSystem: true })
    system.change('dark')
    expect(themeStore.get().themeMode).toBe('dark')
    system.change('light')
    expect(themeStore.get().themeMode).toBe('light')
  })

  it('stops following the system once a mode is set', () => {
    const system = systemPrefers('dark')
    setThemeMode('system')
    setThemeMode('system')
    expect(system.listeners.size).toBe(1)
    setThemeMode('light')
    expect(system.listeners.size).toBe(0)
    system.change('dark')
    expect(themeStore.get()).toMatchObject({ themeMode: 'light', followsSystem: false })
  })

  it("shows dark for 'system' where the system's scheme cannot be read", () => {
    setThemeMode('system')
    expect(themeStore.get()).toMatchObject({ themeMode: 'dark', followsSystem: true })
  })

  it('adds a host’s variables to the defaults', () => {
    setThemeVariables({ '--portico-accent': '#47a1ff', '--portico-font-family': 'Inter' })
    setThemeVariables({ '--portico-z-index': 2000 })
    expect(themeStore.get().themeVariables).toEqual({
      '--portico-font-size-master': '10px',
      '--portico-border-radius-master': '4px',
      '--portico-z-index': 2000,
      '--portico-accent': '#47a1ff',
      '--portico-font-family': 'Inter',
    })
  })

  it('goes back to the default of a variable set to undefined', () => {
    setThemeVariables({ '--portico-z-index': 2000, '--portico-accent': 'red' })
    setThemeVariables({ '--portico-z-index': undefined, '--portico-accent': undefined })
    expect(themeStore.get().themeVariables['--portico-z-index']).toBe(999)
    expect('--portico-accent' in themeStore.get().themeVariables).toBe(false)
  })
})

describe("the host's createPortico theme", () => {
  it('waits until the theme is first read, then applies once', () => {
    keepInitialTheme({ themeMode: 'light', themeVariables: { '--portico-accent': '#ff0066' } })
    expect(themeStore.get().themeMode).toBe('dark')
    applyInitialTheme()
    expect(themeStore.get().themeMode).toBe('light')
    expect(themeStore.get().themeVariables['--portico-accent']).toBe('#ff0066')
    setThemeMode('dark')
    applyInitialTheme()
    expect(themeStore.get().themeMode).toBe('dark')
  })

  it('gives way to what the host sets later, before the dialog has read it', () => {
    keepInitialTheme({ themeMode: 'light', themeVariables: { '--portico-accent': '#ff0066' } })
    setThemeMode('dark')
    setThemeVariables({ '--portico-accent': '#00aa55' })
    applyInitialTheme()
    expect(themeStore.get().themeMode).toBe('dark')
    expect(themeStore.get().themeVariables['--portico-accent']).toBe('#00aa55')
  })
})
