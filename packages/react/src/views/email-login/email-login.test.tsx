import {
  closeModal,
  connectionStore,
  embeddedWalletStore,
  modalStore,
  openModal,
  resetEmbeddedWallet,
  routerStore,
  setClock,
} from '@portico/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import { scriptedEmbeddedWallet } from '../../test/embedded-wallet-frame'
import Connect from '../connect/connect'
import EmailLogin from './email-login'

afterEach(() => {
  cleanup()
  closeModal()
  resetEmbeddedWallet()
  routerStore.reset()
  localStorage.clear()
})

function renderView(view: React.ReactNode, client = scriptedEmbeddedWallet().client) {
  return render(<PorticoContext.Provider value={client}>{view}</PorticoContext.Provider>)
}

function typeCode(code: string) {
  fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: code } })
}

/** The server's own cooldown refusal, as the frame passes it on. */
const serverCooldown = {
  CONNECT_EMAIL: () => ({ error: 'Please try again after 12 seconds' }),
}

/** The export's answers: the first code asked inside the cooldown, then sent; 123456 is right. */
function keyExportAnswers() {
  let starts = 0
  return Object.fromEntries([
    [
      'EXPORT_KEY_START',
      () => (++starts === 1 ? { error: 'Please try again after 7 seconds' } : { ok: {} }),
    ],
    [
      'EXPORT_KEY_OTP',
      (body: Record<string, unknown>) =>
        body.otp === '123456' ? { ok: {} } : { error: 'Invalid code' },
    ],
  ])
}

describe('the e-mail field on Connect', () => {
  const emailBeforeWallets = () =>
    Boolean(
      screen
        .getByLabelText('E-mail')
        .compareDocumentPosition(screen.getByRole('list', { name: 'Wallets' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    )

  it('comes first when the browser has no wallet installed', () => {
    connectionStore.set({ connectors: [] })
    renderView(<Connect />)
    expect(emailBeforeWallets()).toBe(true)
  })

  it('comes after the wallets when one is installed', () => {
    const { client } = scriptedEmbeddedWallet()
    connectionStore.set({
      connectors: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }],
    })
    renderView(<Connect />, client)
    expect(emailBeforeWallets()).toBe(false)
    connectionStore.set({ connectors: [] })
  })
})

describe('the e-mail login views', () => {
  it('takes an e-mail on Connect, then shows the code view for that address', async () => {
    const { client, requests } = scriptedEmbeddedWallet()
    openModal({ view: 'Connect' })
    renderView(<Connect />, client)
    fireEvent.change(screen.getByLabelText('E-mail'), {
      target: { value: 'visitor@example.test' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(routerStore.get().view).toBe('EmailVerifyOtp'), { timeout: 3000 })
    expect(requests[0]).toEqual({
      type: 'CONNECT_EMAIL',
      payload: { email: 'visitor@example.test' },
    })
  })

  it('sends the code at the sixth digit, says a wrong code plainly, then connects', async () => {
    const { client } = scriptedEmbeddedWallet()
    openModal({ view: 'Connect' })
    renderView(<Connect />, client)
    fireEvent.change(screen.getByLabelText('E-mail'), {
      target: { value: 'visitor@example.test' },
    })
    fireEvent.submit(screen.getByLabelText('E-mail').closest('form') as HTMLFormElement)
    await waitFor(() => expect(routerStore.get().view).toBe('EmailVerifyOtp'), { timeout: 3000 })
    cleanup()
    renderView(<EmailLogin />, client)
    expect(screen.getByText('Enter the 6-digit code sent to visitor@example.test')).toBeTruthy()
    typeCode('12a34')
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('1234')
    typeCode('000000')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code')
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('')
    typeCode('123456')
    await waitFor(() => expect(modalStore.get().open).toBe(false))
    expect(embeddedWalletStore.get().user?.email).toBe('visitor@example.test')
  })

  it('counts the 30 s cooldown down on a disabled resend, then offers it', async () => {
    const { client, requests } = scriptedEmbeddedWallet()
    openModal({ view: 'Connect' })
    renderView(<Connect />, client)
    fireEvent.change(screen.getByLabelText('E-mail'), {
      target: { value: 'visitor@example.test' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(routerStore.get().view).toBe('EmailVerifyOtp'), { timeout: 3000 })
    cleanup()
    renderView(<EmailLogin />, client)
    const waiting = screen.getByRole('button', { name: /^Resend in (29|30) s$/ })
    expect((waiting as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(waiting)
    expect(requests.filter((request) => request.type === 'CONNECT_EMAIL')).toHaveLength(1)
    // Half a minute later (the modal's clock moved on), the link is back.
    setClock({
      now: () => Date.now() + 31_000,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    })
    try {
      const resend = await screen.findByRole('button', { name: 'Resend code' }, { timeout: 3000 })
      fireEvent.click(resend)
      expect((await screen.findByRole('status')).textContent).toBe(
        'A new code is on its way: the code in the earlier e-mail no longer works',
      )
      expect(requests.filter((request) => request.type === 'CONNECT_EMAIL')).toHaveLength(2)
    } finally {
      setClock()
    }
  })

  it('says the server refusal of a resend as it words it', async () => {
    const { client } = scriptedEmbeddedWallet(serverCooldown)
    openModal({ view: 'Connect' })
    renderView(<Connect />, client)
    fireEvent.change(screen.getByLabelText('E-mail'), {
      target: { value: 'visitor@example.test' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'Please try again after 12 seconds',
    )
    expect(routerStore.get().view).toBe('Connect')
  })

  it('changes the e-mail with a code from the current and then the new address', async () => {
    const { client, requests } = scriptedEmbeddedWallet()
    act(() => {
      embeddedWalletStore.set({
        user: { email: 'visitor@example.test', address: '0x1', chainId: 1 },
      })
      openModal({ view: 'UpdateEmailWallet' })
    })
    renderView(<EmailLogin />, client)
    fireEvent.change(screen.getByLabelText('New e-mail'), {
      target: { value: 'new@example.test' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText(
      'Enter the 6-digit code sent to your current e-mail, visitor@example.test',
      {},
      { timeout: 3000 },
    )
    typeCode('123456')
    await screen.findByText('Enter the 6-digit code sent to your new e-mail, new@example.test')
    typeCode('111111')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code')
    typeCode('654321')
    await waitFor(() => expect(routerStore.get().view).toBe('Account'))
    expect(embeddedWalletStore.get().user?.email).toBe('new@example.test')
    expect(requests.map((request) => request.type)).toEqual([
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
    ])
  })

  it('exports the key: a warning first, then a fresh code; the server refusal said as worded', async () => {
    const { client, requests } = scriptedEmbeddedWallet(keyExportAnswers())
    act(() => {
      embeddedWalletStore.set({
        user: { email: 'visitor@example.test', address: '0x1', chainId: 1 },
      })
      openModal({ view: 'ExportEmbeddedKey' })
    })
    renderView(<EmailLogin />, client)
    expect(screen.getByRole('note').textContent).toMatch(/gives full control of this wallet/)
    expect(screen.getByText(/never on this page/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'Please try again after 7 seconds',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    await screen.findByText(
      'Enter the 6-digit code sent to visitor@example.test to show your private key',
    )
    typeCode('111111')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code')
    typeCode('123456')
    await waitFor(() =>
      expect(requests.map((request) => request.type)).toEqual([
        'EXPORT_KEY_START',
        'EXPORT_KEY_START',
        'EXPORT_KEY_OTP',
        'EXPORT_KEY_OTP',
      ]),
    )
    // The page never holds the key: the frame answers only that it is on screen.
    expect(requests.at(-1)?.payload).toEqual({ otp: '123456' })
  })
})
