import { farcasterLoginStore, routerStore, toastStore } from '@portico/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { scriptedEmbeddedWallet } from '../../test/embedded-wallet-frame'
import ConnectingFarcaster from './connecting-farcaster'

/**
 * The frame begins each sign-in (its commitment, which the channel is made with); no channel
 * below is signed, so it is asked nothing more.
 */
const wallet = scriptedEmbeddedWallet({
  CONNECT_FARCASTER: () => ({ ok: { redeemChallenge: 'C'.repeat(43) } }),
})

const TOKEN = 'B'.repeat(43)
const LINK = `https://farcaster.xyz/~/siwf?channelToken=${TOKEN}&nonce=abcdefgh12345678`

/** Our relay: channels made, and the status answer each read gets. */
function relay(statusCode: 202 | 401) {
  const seen = { channels: 0, reads: 0 }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const { pathname } = new URL(input)
      if (pathname === '/v1/channel' && init.method === 'POST') {
        seen.channels++
        return Response.json(
          { channelToken: TOKEN, url: LINK, connectUri: LINK, nonce: 'abcdefgh12345678' },
          { status: 201 },
        )
      }
      seen.reads++
      return statusCode === 202
        ? Response.json({ state: 'pending', nonce: 'abcdefgh12345678', url: LINK }, { status: 202 })
        : Response.json(
            { error: { code: 'FARCASTER_CHANNEL_NOT_FOUND', message: 'gone' } },
            { status: 401 },
          )
    }),
  )
  return seen
}

function renderView() {
  routerStore.set({ view: 'ConnectingFarcaster' })
  return render(
    <PorticoContext.Provider value={wallet.client}>
      <ConnectingFarcaster />
    </PorticoContext.Provider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  routerStore.reset()
  toastStore.reset()
  farcasterLoginStore.reset()
})

describe('ConnectingFarcaster', () => {
  it('shows a loading state, then the QR code and the link to open or copy', async () => {
    relay(202)
    renderView()
    expect(screen.getByRole('progressbar', { name: 'Preparing the QR code' })).toBeTruthy()
    expect(
      await screen.findByRole('img', { name: 'QR code to sign in with Farcaster' }),
    ).toBeTruthy()
    expect(
      (screen.getByRole('textbox', { name: 'Farcaster link' }) as HTMLInputElement).value,
    ).toBe(LINK)
    expect(screen.getByRole('link', { name: 'Open in Farcaster' }).getAttribute('href')).toBe(LINK)

    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(toastStore.get().message).toBe('Link copied'))
    expect(writeText).toHaveBeenCalledWith(LINK)
  })

  it('stops following the channel when the view goes', async () => {
    const seen = relay(202)
    const view = renderView()
    await waitFor(() => expect(seen.reads).toBe(1))
    view.unmount()
    expect(farcasterLoginStore.get().login).toEqual({ status: 'idle' })
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_800)))
    expect(seen.reads).toBe(1)
  })

  it('says plainly when the request expired, and "Try again" makes a new one', async () => {
    const seen = relay(401)
    renderView()
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in request expired. Try again for a new QR code.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(seen.channels).toBe(2))
  })
})
