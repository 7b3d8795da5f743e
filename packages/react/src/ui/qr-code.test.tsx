import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { QrCode } from './qr-code'

afterEach(cleanup)

describe('QrCode', () => {
  it('is an image named by its label, drawn from the value', () => {
    const { rerender } = render(
      <QrCode value="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" label="QR code of your address" />,
    )
    const image = screen.getByRole('img', { name: 'QR code of your address' })
    const first = image.querySelector('path')?.getAttribute('d')
    expect(first?.length).toBeGreaterThan(100)
    rerender(
      <QrCode value="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" label="QR code of your address" />,
    )
    expect(image.querySelector('path')?.getAttribute('d')).not.toBe(first)
  })
})
