import { afterEach, describe, expect, it } from 'vitest'
import type { TokenBalance } from '../api/blockchain'
import { mainnet, solana } from '../networks'
import { networkStore, setActiveNetwork } from './network'
import {
  completeSend,
  resetSend,
  sendDraftError,
  sendStore,
  setReceiverAddress,
  setSendAmount,
  setSendAmountToMax,
  setSendToken,
  validateSendDraft,
} from './send'

const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  quantity: { decimals: '6', numeric: '10000' },
  iconUrl: '',
}
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const draft = { token: usdc, sendTokenAmount: '0.5', receiverAddress: bob }
const messageOf = (error: Error | undefined) => error?.message

afterEach(() => {
  resetSend()
  networkStore.reset()
})

describe('send validation (spec section 5)', () => {
  it('accepts a full EVM draft', () => {
    expect(sendDraftError(draft, 'eip155')).toBeUndefined()
    expect(() => validateSendDraft(draft, 'eip155')).not.toThrow()
  })

  it('needs an amount and a receiver address', () => {
    const message = 'An amount and receiver address are required'
    expect(messageOf(sendDraftError({ ...draft, sendTokenAmount: undefined }, 'eip155'))).toBe(
      message,
    )
    expect(messageOf(sendDraftError({ ...draft, sendTokenAmount: ' ' }, 'eip155'))).toBe(message)
    expect(messageOf(sendDraftError({ ...draft, receiverAddress: '' }, 'eip155'))).toBe(message)
    expect(() => validateSendDraft({ ...draft, receiverAddress: undefined }, 'eip155')).toThrow(
      message,
    )
  })

  it('needs a token on EVM, not on Solana', () => {
    expect(messageOf(sendDraftError({ ...draft, token: undefined }, 'eip155'))).toBe(
      'A token is required',
    )
    expect(
      sendDraftError(
        { token: undefined, sendTokenAmount: '1', receiverAddress: 'So1ana' },
        'solana',
      ),
    ).toBeUndefined()
  })

  it('sends only on eip155 and solana', () => {
    expect(messageOf(sendDraftError(draft, 'bip122'))).toBe('Unsupported chain')
    expect(messageOf(sendDraftError(draft, undefined))).toBe('Unsupported chain')
  })

  it('refuses a malformed receiver, a bad amount and more than the balance', () => {
    expect(messageOf(sendDraftError({ ...draft, receiverAddress: '0x1234' }, 'eip155'))).toBe(
      'Invalid Address',
    )
    expect(messageOf(sendDraftError({ ...draft, receiverAddress: `${bob}0` }, 'eip155'))).toBe(
      'Invalid Address',
    )
    expect(messageOf(sendDraftError({ ...draft, sendTokenAmount: 'abc' }, 'eip155'))).toBe(
      'Invalid amount',
    )
    expect(messageOf(sendDraftError({ ...draft, sendTokenAmount: '0' }, 'eip155'))).toBe(
      'Invalid amount',
    )
    expect(messageOf(sendDraftError({ ...draft, sendTokenAmount: '10000.000001' }, 'eip155'))).toBe(
      'Insufficient funds',
    )
    expect(sendDraftError({ ...draft, sendTokenAmount: '10000' }, 'eip155')).toBeUndefined()
  })
})

describe('the send draft', () => {
  it('max takes the whole balance of the chosen token', () => {
    setSendToken(usdc)
    setSendAmountToMax()
    expect(sendStore.get().sendTokenAmount).toBe('10000')
  })

  it('resets after a send, keeping what was sent for the message', () => {
    setSendToken(usdc)
    setSendAmount('0.5')
    setReceiverAddress(bob)
    completeSend({ hash: '0xabc', amount: '0.5', symbol: 'USDC' })
    expect(sendStore.get()).toMatchObject({
      token: undefined,
      sendTokenAmount: undefined,
      receiverAddress: undefined,
      sent: { amount: '0.5', symbol: 'USDC' },
    })
  })

  it('resets on a namespace switch, not on a network change within one', () => {
    setActiveNetwork(mainnet)
    setSendToken(usdc)
    setSendAmount('0.5')
    setActiveNetwork({ ...mainnet, id: 8453, caipNetworkId: 'eip155:8453' })
    expect(sendStore.get().sendTokenAmount).toBe('0.5')
    setActiveNetwork(solana)
    expect(sendStore.get()).toMatchObject({ token: undefined, sendTokenAmount: undefined })
  })
})
