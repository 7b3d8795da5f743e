import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ListItem } from './list-item'

afterEach(cleanup)

const longName = 'A Wallet Whose Name Is Far Too Long For One Row'

describe('ListItem', () => {
  it('shows the full name as a tooltip, so a name cut short can still be read', () => {
    render(
      <ul>
        <ListItem label={longName} onSelect={() => {}} />
      </ul>,
    )
    expect(screen.getByRole('button', { name: longName })).toBeTruthy()
    expect(screen.getByTitle(longName).textContent).toBe(longName)
  })

  it('draws a round image for a network and a square one for a wallet', () => {
    const { container } = render(
      <ul>
        <ListItem label="Base" imageUrl="/base.svg" round onSelect={() => {}} />
        <ListItem label="MetaMask" imageUrl="/metamask.svg" onSelect={() => {}} />
      </ul>,
    )
    const [base, metaMask] = [...container.querySelectorAll('img')]
    expect(base?.getAttribute('src')).toBe('/base.svg')
    expect(base?.style.borderRadius).toBe('50%')
    expect(metaMask?.style.borderRadius).toBe('')
  })
})
