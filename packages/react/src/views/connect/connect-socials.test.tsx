import { closeModal, connectionStore, resetEmbeddedWallet, routerStore } from '@portico/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { scriptedEmbeddedWallet } from '../../test/embedded-wallet-frame'
import ConnectingSocial from '../connecting-social/connecting-social'
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

const BEGIN_URL = 'http://server.test/v1/embedded-wallet/social/begin'
const STATE = 'S'.repeat(43)
/** The frame started the login: where to post its state. */
const frameStartsLogin = {
  CONNECT_SOCIAL: () => ({ ok: { beginUrl: BEGIN_URL, state: STATE } }),
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

  it('opens the popup in the click itself, then posts the state the frame names into it', async () => {
    const popup = { closed: false, location: { href: 'about:blank' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    // What the browser would navigate the popup with (e2e drives the real navigation).
    const posted: { method: string; action: string; target: string; state: string }[] = []
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      const state = this.elements.namedItem('state') as HTMLInputElement
      posted.push({
        method: this.method,
        action: this.action,
        target: this.target,
        state: state.value,
      })
    })
    const wallet = renderConnect(scriptedEmbeddedWallet(frameStartsLogin))
    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    // Nothing was awaited yet: a popup blocker lets this window through.
    expect(open).toHaveBeenCalledTimes(1)
    expect(routerStore.get()).toMatchObject({
      view: 'ConnectingSocial',
      data: { provider: 'github' },
    })
    await waitFor(
      () =>
        expect(posted).toEqual([
          { method: 'post', action: BEGIN_URL, target: open.mock.calls[0]?.[1], state: STATE },
        ]),
      { timeout: 5_000 },
    )
    expect(open.mock.calls[0]?.[1]).toEqual(expect.any(String))
    // The form does not stay in the page.
    expect(document.querySelector('form[target]')).toBeNull()
    const start = wallet.requests.find((request) => request.type === 'CONNECT_SOCIAL')
    const resultUri = new URL(
      String((start?.payload as { resultUri?: string } | undefined)?.resultUri),
    )
    expect(resultUri.origin).toBe(window.location.origin)
    expect(resultUri.searchParams.get('portico_social')).toBe('github')
    expect(resultUri.searchParams.get('portico_popup')).toBe('popup')
  })

  it('brings the popup back to the front from the waiting view', async () => {
    const popup = {
      closed: false,
      location: { href: 'about:blank' },
      close: vi.fn(),
      focus: vi.fn(),
    }
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined)
    renderConnect(scriptedEmbeddedWallet(frameStartsLogin))
    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    cleanup()
    render(<ConnectingSocial />)
    fireEvent.click(screen.getByRole('button', { name: 'Show the GitHub window' }))
    expect(popup.focus).toHaveBeenCalledTimes(1)
    // Once the visitor closed it, there is nothing to bring back.
    popup.closed = true
    fireEvent.click(screen.getByRole('button', { name: 'Show the GitHub window' }))
    expect(popup.focus).toHaveBeenCalledTimes(1)
  })

  it('shows why the last social login came back to Connect', () => {
    routerStore.set({ view: 'Connect', data: { socialError: 'The X login was cancelled.' } })
    renderConnect()
    expect(screen.getByRole('alert').textContent).toBe('The X login was cancelled.')
  })
})
