import { beforeEach, describe, expect, it } from 'vitest'
import { setThemeMode, setThemeVariables, themeStore } from './theme'

beforeEach(() => {
  themeStore.reset()
})

describe('theme', () => {
  it('is dark by default, with the spec’s sizes and layer', () => {
    expect(themeStore.get()).toEqual({
      themeMode: 'dark',
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
      "Invalid theme mode: blue (expected 'dark' or 'light')",
    )
    expect(themeStore.get().themeMode).toBe('dark')
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
