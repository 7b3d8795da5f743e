import { connectionStore, type ModalWallet, mainnet, routerStore, toastStore } from '@portico/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { createPortico } from '../../create-portico'
import { frame, rainbow } from '../../test/registry-wallets'
import ConnectingWalletConnect from './connecting-wallet-connect'

const portico = createPortico({
  projectId: 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: 'http://127.0.0.1:1',
  networks: [mainnet],
})

const uri = `wc:${'7'.repeat(64)}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}`

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'

function onPhone() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_CHROME)
}

function renderView(wallet: ModalWallet = frame) {
  routerStore.set({ view: 'ConnectingWalletConnect', data: { wallet } })
  return render(
    <PorticoContext.Provider value={portico}>
      <ConnectingWalletConnect />
    </PorticoContext.Provider>,
  )
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  connectionStore.reset()
  routerStore.reset()
  toastStore.reset()
})

describe('ConnectingWalletConnect', () => {
  it('waits for the pairing, then shows its QR code and the link itself', () => {
    connectionStore.set({ buffering: true })
    renderView()
    expect(screen.getByRole('progressbar', { name: 'Preparing the QR code' })).toBeTruthy()
    act(() => connectionStore.set({ buffering: false, wcUri: uri }))
    expect(screen.getByRole('img', { name: 'QR code to connect Frame' })).toBeTruthy()
    expect(
      (screen.getByRole('textbox', { name: 'WalletConnect link' }) as HTMLInputElement).value,
    ).toBe(uri)
  })

  it('copies the link and says so', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    connectionStore.set({ wcUri: uri })
    renderView()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    })
    expect(writeText).toHaveBeenCalledWith(uri)
    expect(toastStore.get()).toMatchObject({ open: true, message: 'Link copied' })
  })

  it('offers the QR code and the download links when the desktop app does not open', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    connectionStore.set({ wcUri: uri })
    renderView()
    fireEvent.click(screen.getByRole('button', { name: 'Open desktop app' }))
    expect(assign).toHaveBeenCalledWith(`frame://wc?uri=${encodeURIComponent(uri)}`)
    expect(connectionStore.get().wcLinking).toEqual({
      name: 'Frame',
      href: `frame://wc?uri=${encodeURIComponent(uri)}`,
    })
    expect(screen.queryByRole('list', { name: 'Get Frame' })).toBeNull()
    act(() => {
      vi.advanceTimersByTime(1500)
    })
    const links = screen.getByRole('list', { name: 'Get Frame' })
    expect(
      [...links.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Linux app', 'https://github.com/floating/frame/releases'],
      ['Website', 'https://frame.sh'],
    ])
    expect(screen.getByRole('img', { name: 'QR code to connect Frame' })).toBeTruthy()
  })

  it('on a phone, puts the app first and shows the QR code only when the app did not open', () => {
    onPhone()
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    connectionStore.set({ wcUri: uri })
    renderView(rainbow)
    expect(screen.getByText('Continue in Rainbow')).toBeTruthy()
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Open Rainbow' }))
    expect(assign).toHaveBeenCalledWith(`rainbow://wc?uri=${encodeURIComponent(uri)}`)
    act(() => {
      vi.advanceTimersByTime(1500)
    })
    expect(screen.getByRole('img', { name: 'QR code to connect Rainbow' })).toBeTruthy()
    expect(screen.getByText('Scan this QR code with Rainbow on another device.')).toBeTruthy()
    expect(screen.queryByText('Continue in Rainbow')).toBeNull()
  })

  it('on a phone, shows the QR code at once for a wallet with no app link', () => {
    onPhone()
    connectionStore.set({ wcUri: uri })
    renderView(frame)
    expect(screen.getByRole('img', { name: 'QR code to connect Frame' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Open/ })).toBeNull()
  })

  it('says nothing more when the app opened (the page lost focus)', () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    connectionStore.set({ wcUri: uri })
    renderView()
    fireEvent.click(screen.getByRole('button', { name: 'Open desktop app' }))
    act(() => {
      window.dispatchEvent(new Event('blur'))
      vi.advanceTimersByTime(1500)
    })
    expect(screen.queryByRole('list', { name: 'Get Frame' })).toBeNull()
  })

  it('shows a declined connection with a way to try again', () => {
    connectionStore.set({ wcError: true, error: { code: 4001, message: 'Connection declined' } })
    renderView()
    expect(screen.getByRole('alert').textContent).toBe('Connection declined')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull()
  })
})
