import { closeModal, connectionStore, resetEmbeddedWallet, routerStore } from '@portico/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { scriptedEmbeddedWallet } from '../../test/embedded-wallet-frame'
import Connect from './connect'
import { SOCIAL_LOGOS } from './social-logos'

afterEach(() => {
  cleanup()
  closeModal()
  resetEmbeddedWallet()
  routerStore.reset()
  connectionStore.set({ connectors: [] })
  vi.restoreAllMocks()
})

function renderConnect(wallet = scriptedEmbeddedWallet()) {
  render(
    <PorticoContext.Provider value={wallet.client}>
      <Connect />
    </PorticoContext.Provider>,
  )
  return wallet
}

/** The frame started the login: the provider's page to open. */
const frameStartsLogin = {
  CONNECT_SOCIAL: () => ({ ok: { authorizationUrl: 'http://idp.test/github/auth' } }),
}

const socials = () => screen.getByRole('list', { name: 'Social logins' })
const follows = (first: HTMLElement, second: HTMLElement) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING)

describe('the social logins on Connect', () => {
  it('offers the default providers in order, each a named button', () => {
    renderConnect()
    expect(
      within(socials())
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
    ])
  })

  it("shows each provider's mark beside its name, hidden from screen readers", () => {
    renderConnect()
    const buttons = within(socials()).getAllByRole('button')
    expect(buttons).toHaveLength(7)
    for (const [id, logo] of Object.entries(SOCIAL_LOGOS)) {
      const button = within(socials()).getByRole('button', { name: `Continue with ${logo.title}` })
      const svg = button.querySelector('svg')
      expect(svg?.getAttribute('aria-hidden'), id).toBe('true')
      expect(svg?.getAttribute('fill'), id).toBe('currentColor')
      expect(svg?.querySelector('path')?.getAttribute('d'), id).toBe(logo.path)
      expect(button.textContent, id).toBe(logo.title)
    }
  })

  it('comes after the e-mail field and before the wallets; after both when a wallet is installed', () => {
    renderConnect()
    const wallets = () => screen.getByRole('list', { name: 'Wallets' })
    expect(follows(screen.getByLabelText('E-mail'), socials())).toBe(true)
    expect(follows(socials(), wallets())).toBe(true)
    cleanup()
    // The client first: making one syncs the store with its (empty) wagmi connectors.
    const withWallet = scriptedEmbeddedWallet()
    connectionStore.set({
      connectors: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }],
    })
    renderConnect(withWallet)
    expect(follows(wallets(), screen.getByLabelText('E-mail'))).toBe(true)
    expect(follows(screen.getByLabelText('E-mail'), socials())).toBe(true)
  })

  it('sends farcaster to its own view', () => {
    renderConnect()
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(routerStore.get().view).toBe('ConnectingFarcaster')
  })

  it('opens the popup in the click itself, then points it at the provider the frame names', async () => {
    const popup = { closed: false, location: { href: 'about:blank' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const wallet = renderConnect(scriptedEmbeddedWallet(frameStartsLogin))
    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    // Nothing was awaited yet: a popup blocker lets this window through.
    expect(open).toHaveBeenCalledTimes(1)
    expect(routerStore.get()).toMatchObject({
      view: 'ConnectingSocial',
      data: { provider: 'github' },
    })
    await waitFor(() => expect(popup.location.href).toBe('http://idp.test/github/auth'), {
      timeout: 5_000,
    })
    const start = wallet.requests.find((request) => request.type === 'CONNECT_SOCIAL')
    const resultUri = new URL(
      String((start?.payload as { resultUri?: string } | undefined)?.resultUri),
    )
    expect(resultUri.origin).toBe(window.location.origin)
    expect(resultUri.searchParams.get('portico_social')).toBe('github')
    expect(resultUri.searchParams.get('portico_popup')).toBe('popup')
  })

  it('shows why the last social login came back to Connect', () => {
    routerStore.set({ view: 'Connect', data: { socialError: 'The X login was cancelled.' } })
    renderConnect()
    expect(screen.getByRole('alert').textContent).toBe('The X login was cancelled.')
  })
})
