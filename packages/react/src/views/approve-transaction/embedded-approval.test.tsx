import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EmbeddedApproval } from './embedded-approval'

afterEach(cleanup)

describe('the embedded wallet approval', () => {
  it('names what to review in words, not by the method', () => {
    for (const [method, words] of [
      ['eth_sendTransaction', 'Review the transaction in your wallet below.'],
      ['wallet_sendCalls', 'Review the transactions in your wallet below.'],
      ['personal_sign', 'Review the message to sign in your wallet below.'],
      ['eth_signTypedData_v4', 'Review the data to sign in your wallet below.'],
      ['', 'Review the request in your wallet below.'],
    ] as const) {
      render(<EmbeddedApproval method={method} />)
      expect(screen.getByText(words)).toBeTruthy()
      expect(screen.queryByText(/eth_|wallet_|personal_/)).toBeNull()
      cleanup()
    }
  })
})
