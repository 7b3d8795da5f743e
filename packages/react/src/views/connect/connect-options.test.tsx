// The host's Connect options: the legal checkbox (and its links), and collapsed wallets.
import {
  closeModal,
  connectionStore,
  createPorticoClient,
  mainnet,
  type PorticoOptions,
  routerStore,
} from '@portico/core'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import Connect from './connect'

const TERMS = 'https://host.example/terms'
const PRIVACY = 'https://host.example/privacy'

afterEach(() => {
  cleanup()
  closeModal()
  routerStore.reset()
  connectionStore.set({ connectors: [] })
  localStorage.clear()
})

/** Connect as a host with these options shows it; frameUrl offers the e-mail and social logins. */
function renderConnect(options: Partial<PorticoOptions> = {}) {
  const client = createPorticoClient(
    {
      projectId: 'p1',
      apiUrl: 'http://127.0.0.1:1',
      frameUrl: 'http://frame.test',
      networks: [mainnet],
      ...options,
    },
    { storage: null },
  )
  render(
    <PorticoContext.Provider value={client}>
      <Connect />
    </PorticoContext.Provider>,
  )
  return client
}

const waysToConnect = () => [
  screen.getByLabelText('E-mail'),
  ...within(screen.getByRole('list', { name: 'Social logins' })).getAllByRole('button'),
  ...within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('button'),
]
/**
 * HTML's rule: a control inside a disabled fieldset is disabled (Chromium applies it; happy-dom
 * does not, so it is spelled out here).
 */
const usable = (element: HTMLElement) =>
  !((element as HTMLButtonElement).disabled || element.closest('fieldset')?.disabled === true)
const agreement = () =>
  screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' })
const legalCheckbox = {
  features: { legalCheckbox: true },
  termsConditionsUrl: TERMS,
  privacyPolicyUrl: PRIVACY,
}

describe('the legal checkbox', { timeout: 30_000 }, () => {
  it('keeps every way to connect disabled until the visitor agrees, and links the terms', () => {
    renderConnect(legalCheckbox)
    expect(agreement()).toHaveProperty('checked', false)
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(TERMS)
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(PRIVACY)
    const ways = waysToConnect()
    expect(ways.length).toBeGreaterThan(8)
    expect(ways.filter(usable)).toEqual([])
    // What a wallet is stays readable before agreeing.
    expect(usable(screen.getByRole('button', { name: 'What is a wallet?' }))).toBe(true)

    fireEvent.click(agreement())
    expect(waysToConnect().filter((way) => !usable(way))).toEqual([])
  })

  it('remembers the agreement on the next visit, until the visitor unticks it', () => {
    renderConnect(legalCheckbox)
    fireEvent.click(agreement())
    cleanup()
    renderConnect(legalCheckbox)
    expect(agreement()).toHaveProperty('checked', true)
    expect(waysToConnect().every(usable)).toBe(true)

    fireEvent.click(agreement())
    expect(waysToConnect().some(usable)).toBe(false)
    cleanup()
    renderConnect(legalCheckbox)
    expect(agreement()).toHaveProperty('checked', false)
  })

  it('asks again when the host changes its terms', () => {
    renderConnect(legalCheckbox)
    fireEvent.click(agreement())
    cleanup()
    renderConnect({ ...legalCheckbox, termsConditionsUrl: 'https://host.example/terms-2027' })
    expect(agreement()).toHaveProperty('checked', false)
    expect(waysToConnect().some(usable)).toBe(false)
  })

  it('names only the link the host gives', () => {
    renderConnect({ features: { legalCheckbox: true }, privacyPolicyUrl: PRIVACY })
    expect(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Terms of Service' })).toBeNull()
  })

  it('without the checkbox, says what connecting agrees to and holds nothing back', () => {
    renderConnect({ termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY })
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'SPAN' &&
          element.textContent ===
            'By connecting, you agree to the Terms of Service and Privacy Policy.',
      ),
    ).toBeTruthy()
    expect(waysToConnect().every(usable)).toBe(true)
  })

  it('shows no legal text when the host gives no link', () => {
    renderConnect()
    expect(screen.queryByText(/you agree to/)).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})

// A client and its views take seconds to set up on a busy machine.
describe('collapsed wallets', { timeout: 30_000 }, () => {
  const walletRows = () =>
    within(screen.getByRole('list', { name: 'Wallets' }))
      .getAllByRole('button')
      .map((button) => button.querySelector('.portico-list-item-label')?.textContent)

  it('puts the wallets behind one entry after the e-mail and social logins, and opens them on request', async () => {
    renderConnect({ features: { collapseWallets: true } })
    // After the client, which syncs the store with its own (no) wallets as it is made.
    act(() =>
      connectionStore.set({
        connectors: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }],
      }),
    )
    expect(walletRows()).toEqual(['Continue with a wallet'])
    const email = screen.getByLabelText('E-mail')
    const entry = screen.getByRole('button', { name: /Continue with a wallet/ })
    // The logins come first, even with a wallet installed.
    expect(email.compareDocumentPosition(entry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    fireEvent.click(entry)
    expect(walletRows()).toContain('MetaMask')
    expect(walletRows()).toContain('All wallets')
    expect(screen.queryByRole('button', { name: /Continue with a wallet/ })).toBeNull()
    // The keyboard goes on from the first wallet, not from a button that is gone.
    await act(() => new Promise((done) => requestAnimationFrame(() => done(undefined))))
    expect(document.activeElement?.querySelector('.portico-list-item-label')?.textContent).toBe(
      walletRows()[0],
    )
  })

  it('lists the wallets as usual where no e-mail or social login is offered', () => {
    renderConnect({ features: { collapseWallets: true, email: false, socials: [] } })
    expect(walletRows()).not.toContain('Continue with a wallet')
    expect(walletRows()).toContain('All wallets')
  })

  it('leaves the wallets open by default', () => {
    renderConnect()
    expect(walletRows()).not.toContain('Continue with a wallet')
  })
})
