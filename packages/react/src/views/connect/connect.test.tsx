import {
  type Connector,
  connectionStore,
  ensureWalletConnectConnector,
  type ModalWallet,
  mainnet,
  modalStore,
  resetWalletConnectFlow,
  routerStore,
  type WalletConnectProvider,
  walletListStore,
} from '@portico/core'
import { fakeProviderEvents } from '@portico/test-kit'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../../connect-button'
import { PorticoContext } from '../../context'
import { createPortico } from '../../create-portico'
import { PorticoProvider } from '../../portico-provider'
import { frame } from '../../test/registry-wallets'
import AllWallets from '../all-wallets/all-wallets'
import Connect from './connect'
import { loadWalletConnectActions } from './load-wallet-connect-actions'

const acmeImage =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'

const portico = createPortico({
  projectId: 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: 'http://127.0.0.1:1',
  networks: [mainnet],
  customWallets: [
    {
      id: 'acme',
      name: 'Acme Wallet',
      image_url: acmeImage,
      desktop_link: 'acmedesk://',
      rdns: 'com.acme',
    },
  ],
})

const uri = `wc:${'7'.repeat(64)}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}`

/**
 * A universal provider as far as the connector uses it: a pick's connect (or a pairing made
 * ahead of it, `pair`) shows a pairing URI and waits for the wallet. Its pairings are counted.
 */
function pairingProvider() {
  const events = fakeProviderEvents()
  const provider = {
    ...events,
    session: undefined,
    async connect(options: { skipPairing?: boolean }) {
      if (!options.skipPairing) return provider.pair()
    },
    pair: vi.fn(() => {
      events.emit('display_uri', uri)
      return new Promise<never>(() => {})
    }),
    client: { proposal: { getAll: () => [] }, core: { expirer: { set: vi.fn() } } },
  }
  return provider
}

// The page's WalletConnect connector, with the provider above instead of a relay's.
ensureWalletConnectConnector(portico, {
  loadProvider: async () => pairingProvider() as unknown as WalletConnectProvider,
})

async function openConnectView() {
  render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
  return waitFor(() => screen.getByRole('list', { name: 'Wallets' }))
}

beforeEach(() => {
  // The Wallet API knows no wallet here: the custom one needs no registry entry.
  vi.stubGlobal('fetch', async () => Response.json({ data: [], count: 0 }))
})

afterEach(() => {
  cleanup()
  resetWalletConnectFlow()
  modalStore.reset()
  routerStore.reset()
  connectionStore.reset()
  walletListStore.reset()
  // The answer Connect kept for the next visit: each test starts as a first visit.
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Connect', () => {
  it("lists the host's custom wallet with its own image, after WalletConnect", async () => {
    const list = await openConnectView()
    const row = (name: RegExp) => within(list).getByRole('button', { name })
    expect(within(list).getAllByRole('button')).toEqual([
      row(/^WalletConnect/),
      row(/^Acme Wallet$/),
      // The Wallet API knows none here; the host's own wallet is still counted.
      row(/^All wallets 1 available$/),
    ])
    expect(
      row(/^Acme Wallet$/)
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe(acmeImage)
  })

  it('holds the registry rows with placeholders while it answers, so nothing below them moves', async () => {
    let answer: (response: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
    )
    const list = await openConnectView()
    const placeholders = () => list.querySelectorAll('li[aria-hidden="true"]')
    // The 4 recommended wallets the Connect view asks for; hidden from assistive tech, which
    // hears that wallets are loading instead.
    expect(list.getAttribute('aria-busy')).toBe('true')
    expect(placeholders()).toHaveLength(4)
    expect(within(list).queryAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByRole('status').textContent).toBe('Loading wallets')

    await act(async () => answer(Response.json({ data: [frame], count: 1 })))
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Frame' })).toBeTruthy())
    expect(list.getAttribute('aria-busy')).toBe('false')
    expect(placeholders()).toHaveLength(0)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('drops the placeholders when the registry cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    const list = await openConnectView()
    await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('false'))
    expect(list.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(0)
    expect(within(list).getByRole('button', { name: /^Acme Wallet$/ })).toBeTruthy()
  })

  it("shows WalletConnect's logo, served by the Wallet API, on its row", async () => {
    const list = await openConnectView()
    const src = within(list)
      .getByRole('button', { name: /^WalletConnect/ })
      .querySelector('img')
      ?.getAttribute('src')
    // The fixed image id of @portico/protocol's wallets.ts.
    expect(src && new URL(src).pathname).toBe('/getWalletImage/walletconnect')
  })

  it('connects a custom wallet over WalletConnect: its QR code and its deep link', async () => {
    const list = await openConnectView()
    fireEvent.click(within(list).getByRole('button', { name: 'Acme Wallet' }))
    const dialog = await waitFor(() => screen.getByRole('dialog', { name: 'Acme Wallet' }))
    await waitFor(() =>
      expect(
        within(dialog).getByRole('img', { name: 'QR code to connect Acme Wallet' }),
      ).toBeTruthy(),
    )
    expect(routerStore.get()).toMatchObject({
      view: 'ConnectingWalletConnect',
      data: { walletId: 'acme', imageUrl: acmeImage },
    })
    expect(
      (within(dialog).getByRole('textbox', { name: 'WalletConnect link' }) as HTMLInputElement)
        .value,
    ).toBe(uri)
    expect(within(dialog).getByRole('button', { name: 'Open desktop app' })).toBeTruthy()
  })

  it('finds the custom wallet in the All wallets search', async () => {
    const list = await openConnectView()
    fireEvent.click(within(list).getByRole('button', { name: /^All wallets/ }))
    const search = await waitFor(() => screen.getByRole('searchbox', { name: 'Search wallets' }))
    fireEvent.change(search, { target: { value: 'acme' } })
    const found = await waitFor(() => screen.getByRole('list', { name: 'Wallets matching acme' }))
    expect(within(found).getByRole('button', { name: 'Acme Wallet' })).toBeTruthy()
    fireEvent.change(search, { target: { value: 'zerion' } })
    const none = await waitFor(() => screen.getByRole('list', { name: 'Wallets matching zerion' }))
    expect(within(none).queryByRole('button', { name: 'Acme Wallet' })).toBeNull()
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('No wallet found for “zerion”'),
    )
  })
})

const metaMask: Connector = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: 'io.metamask' },
}

/** A page's Portico whose WalletConnect start (SDK, relay socket) and pairings are watched. */
function porticoWatchingWalletConnect() {
  const portico = createPortico({
    projectId: 'f94537f769cddac7aff0d3d7b370838e',
    apiUrl: 'http://127.0.0.1:1',
    networks: [mainnet],
  })
  const provider = pairingProvider()
  const startProvider = vi.fn(async () => provider as unknown as WalletConnectProvider)
  ensureWalletConnectConnector(portico, { loadProvider: startProvider })
  connectionStore.set({ connectors: [metaMask] })
  return {
    portico,
    startProvider,
    pair: provider.pair,
    expire: provider.client.core.expirer.set,
  }
}

/** The Connect view with an installed wallet and a registry one, WalletConnect watched. */
async function renderConnect() {
  const { portico, pair } = porticoWatchingWalletConnect()
  walletListStore.set({ recommended: [frame], total: 1, connectWallets: 'loaded' })
  render(
    <PorticoContext.Provider value={portico}>
      <Connect />
    </PorticoContext.Provider>,
  )
  await settle()
  return { pair }
}

/** Lets the WalletConnect actions' chunk arrive and what waited on it run. */
async function settle() {
  await act(async () => {
    await loadWalletConnectActions()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

/** After a pointer click the browser does not show a scripted focus as :focus-visible. */
function focusAsAfterAClick() {
  const matches = HTMLElement.prototype.matches
  vi.spyOn(HTMLElement.prototype, 'matches').mockImplementation(function (
    this: HTMLElement,
    selector: string,
  ) {
    return selector === ':focus-visible' ? false : matches.call(this, selector)
  })
}

/** The page's Connect Wallet button, used with a pointer (the modal's own focus is not shown). */
function renderButtonClickedWithPointer(portico: ReturnType<typeof createPortico>) {
  focusAsAfterAClick()
  render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>,
  )
}

/** The visitor clicks Connect Wallet; the Connect view shows and what it starts runs. */
async function openModal() {
  fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
  await waitFor(() => screen.getByRole('list', { name: 'Wallets' }))
  await settle()
}

const wcRow = (name: RegExp) => screen.getByRole('button', { name })

describe('Connect, warming WalletConnect while the visitor chooses', () => {
  it('leaves WalletConnect (its SDK, its relay socket, its pairing) alone when the modal opens, and starts it once a row that needs it is pointed at', async () => {
    const { portico, startProvider, pair } = porticoWatchingWalletConnect()
    renderButtonClickedWithPointer(portico)
    await settle()
    await openModal()
    // Most visitors pick a browser wallet or e-mail: opening Connect costs no SDK.
    expect(startProvider).not.toHaveBeenCalled()
    expect(pair).not.toHaveBeenCalled()
    fireEvent.pointerEnter(wcRow(/^MetaMask/))
    fireEvent.pointerDown(wcRow(/^MetaMask/))
    await settle()
    expect(startProvider).not.toHaveBeenCalled()

    fireEvent.pointerEnter(wcRow(/^WalletConnect/))
    await settle()
    expect(startProvider).toHaveBeenCalledTimes(1)
    // Its pairing is proposed now, so the click that follows finds its QR code ready.
    expect(pair).toHaveBeenCalledTimes(1)
  })

  it('starts WalletConnect as Connect opens on a touch screen, where deep links are the way', async () => {
    const matchMedia = window.matchMedia.bind(window)
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      query === '(pointer: coarse)' ? { ...matchMedia(query), matches: true } : matchMedia(query),
    )
    const { portico, pair } = porticoWatchingWalletConnect()
    renderButtonClickedWithPointer(portico)
    await openModal()
    expect(pair).toHaveBeenCalledTimes(1)
  })

  it('ends the pairing on the relay when the modal closes without showing it', async () => {
    const { portico, pair, expire } = porticoWatchingWalletConnect()
    renderButtonClickedWithPointer(portico)
    await openModal()
    fireEvent.pointerEnter(wcRow(/^WalletConnect/))
    await settle()
    expect(pair).toHaveBeenCalledTimes(1)
    expect(expire).not.toHaveBeenCalled()

    act(() => portico.close())
    await settle()
    expect(expire).toHaveBeenCalledWith(`${'7'.repeat(64)}`, 0)
  })

  it('prepares one pairing, whichever rows that need it are pointed at, pressed or focused', async () => {
    const { pair } = await renderConnect()
    expect(pair).not.toHaveBeenCalled()

    fireEvent.pointerEnter(wcRow(/^WalletConnect/))
    fireEvent.pointerLeave(wcRow(/^WalletConnect/))
    fireEvent.pointerEnter(wcRow(/^WalletConnect/))
    fireEvent.pointerDown(wcRow(/^WalletConnect/))
    act(() => wcRow(/^WalletConnect/).focus())
    fireEvent.pointerEnter(wcRow(/^Frame/))
    act(() => wcRow(/^Frame/).focus())
    fireEvent.pointerDown(wcRow(/^Frame/))
    fireEvent.pointerEnter(wcRow(/^All wallets/))
    await settle()
    expect(pair).toHaveBeenCalledTimes(1)
  })
})

describe('All wallets, warming WalletConnect while the visitor chooses', () => {
  it('prepares the pairing as it opens, once, however many tiles are pointed at', async () => {
    const installedEntry: ModalWallet = {
      ...frame,
      id: 'e'.repeat(64),
      name: 'MetaMask',
      rdns: 'io.metamask',
    }
    vi.stubGlobal('fetch', async () => Response.json({ data: [frame, installedEntry], count: 2 }))
    const { portico, pair } = porticoWatchingWalletConnect()
    routerStore.set({ view: 'AllWallets' })
    render(
      <PorticoContext.Provider value={portico}>
        <AllWallets />
      </PorticoContext.Provider>,
    )
    const grid = await waitFor(() => screen.getByRole('list', { name: 'All wallets' }))
    const tile = (name: string) => within(grid).getByRole('button', { name })
    await waitFor(() => tile('Frame'))

    // Nearly every tile connects over WalletConnect: All wallets prepares it as it opens.
    await settle()
    expect(pair).toHaveBeenCalledTimes(1)

    fireEvent.pointerEnter(tile('MetaMask'))
    fireEvent.pointerDown(tile('MetaMask'))
    fireEvent.pointerEnter(tile('Frame'))
    await settle()
    expect(pair).toHaveBeenCalledTimes(1)
  })
})
