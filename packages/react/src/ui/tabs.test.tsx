import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Tabs } from './tabs'

const TABS = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'activity', label: 'Activity' },
] as const

function Harness() {
  const [selected, setSelected] = useState<(typeof TABS)[number]['id']>('tokens')
  return (
    <Tabs label="Account" idPrefix="t" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>{selected} panel</p>
    </Tabs>
  )
}

afterEach(cleanup)

describe('Tabs', () => {
  it('marks the selected tab and labels its panel by it', () => {
    render(<Harness />)
    expect(screen.getByRole('tablist', { name: 'Account' })).toBeTruthy()
    const tokens = screen.getByRole('tab', { name: 'Tokens' })
    expect(tokens.getAttribute('aria-selected')).toBe('true')
    expect(tokens.tabIndex).toBe(0)
    expect(screen.getByRole('tab', { name: 'NFTs' }).tabIndex).toBe(-1)
    const panel = screen.getByRole('tabpanel', { name: 'Tokens' })
    expect(panel.textContent).toBe('tokens panel')
    expect(tokens.getAttribute('aria-controls')).toBe(panel.id)
  })

  it('moves and selects with the arrow keys, Home and End, wrapping around', () => {
    render(<Harness />)
    const tab = (name: string) => screen.getByRole('tab', { name })
    fireEvent.keyDown(tab('Tokens'), { key: 'ArrowRight' })
    expect(tab('NFTs').getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tab('NFTs'))
    fireEvent.keyDown(tab('NFTs'), { key: 'End' })
    expect(tab('Activity').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Activity'), { key: 'ArrowRight' })
    expect(tab('Tokens').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Tokens'), { key: 'ArrowLeft' })
    expect(tab('Activity').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Activity'), { key: 'Home' })
    expect(screen.getByRole('tabpanel').textContent).toBe('tokens panel')
  })

  it('selects a tab on click', () => {
    render(<Harness />)
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    expect(screen.getByRole('tabpanel', { name: 'Activity' }).textContent).toBe('activity panel')
  })
})
