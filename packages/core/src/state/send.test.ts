import { afterEach, describe, expect, it } from 'vitest'
import type { TokenBalance } from '../api/blockchain'
import { mainnet, solana } from '../networks'
import { networkStore, setActiveNetwork } from './network'
import {
  amountLeavingFee,
  completeSend,
  preselectSendToken,
  resetSend,
  sendDraftError,
  sendStore,
  setReceiverAddress,
  setSendAmount,
  setSendAmountToMax,
  setSendToken,
  unitsToDecimal,
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
/** A Solana address: 32 bytes in base58. */
const solanaReceiver = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const messageOf = (error: Error | undefined) => error?.message

afterEach(() => {
  resetSend()
  networkStore.reset()
})

// docs/product.md#validation
describe('send validation', () => {
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
        { token: undefined, sendTokenAmount: '1', receiverAddress: solanaReceiver },
        'solana',
      ),
    ).toBeUndefined()
  })

  it('says why a Solana receiver is no Solana address, as the EVM send says Invalid address', () => {
    const solanaDraft = { token: undefined, sendTokenAmount: '1' }
    const problem = (receiverAddress: string) =>
      messageOf(sendDraftError({ ...solanaDraft, receiverAddress }, 'solana'))
    expect(problem(bob)).toBe(
      'Invalid Solana address: it is not base58 (0, O, I and l are not base58 characters)',
    )
    expect(problem(solanaReceiver.slice(0, 20))).toMatch(
      /^Invalid Solana address: it decodes to \d+ bytes, a Solana address is 32$/,
    )
    expect(problem(`${solanaReceiver}11`)).toBe(
      'Invalid Solana address: a Solana address is 32 bytes (32 to 44 characters)',
    )
  })

  it('sends only on eip155 and solana', () => {
    expect(messageOf(sendDraftError(draft, 'bip122'))).toBe('Unsupported chain')
    expect(messageOf(sendDraftError(draft, undefined))).toBe('Unsupported chain')
  })

  it('refuses a malformed receiver, a bad amount and more than the balance', () => {
    expect(messageOf(sendDraftError({ ...draft, receiverAddress: '0x1234' }, 'eip155'))).toBe(
      'Invalid address',
    )
    expect(messageOf(sendDraftError({ ...draft, receiverAddress: `${bob}0` }, 'eip155'))).toBe(
      'Invalid address',
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

  it('refuses a mixed-case receiver whose EIP-55 checksum does not match, not one in one case', () => {
    // bob with one checksummed letter's case flipped ('C' of 'C51812' lowered).
    const typo = bob.replace('C51812', 'c51812')
    expect(messageOf(sendDraftError({ ...draft, receiverAddress: typo }, 'eip155'))).toBe(
      'Invalid address checksum: check the address, or enter it in lower case',
    )
    expect(
      sendDraftError({ ...draft, receiverAddress: bob.toLowerCase() }, 'eip155'),
    ).toBeUndefined()
    const upper = `0x${bob.slice(2).toUpperCase()}`
    expect(sendDraftError({ ...draft, receiverAddress: upper }, 'eip155')).toBeUndefined()
  })
})

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: '',
}
const gwei = 1_000_000_000n

describe('Max on the native token', () => {
  it('is the balance less the network fee, exactly', () => {
    // 21,000 gas at 30 gwei: 0.00063 ETH.
    expect(amountLeavingFee('1.5', 18, 21_000n * 30n * gwei)).toBe('1.49937')
    expect(amountLeavingFee('0.000000000000000003', 18, 1n)).toBe('0.000000000000000002')
    expect(amountLeavingFee('2', 18, 0n)).toBe('2')
  })

  it('is never below zero', () => {
    expect(amountLeavingFee('0.0001', 18, 21_000n * 30n * gwei)).toBe('0')
    expect(amountLeavingFee('0.00063', 18, 21_000n * 30n * gwei)).toBe('0')
  })

  it('writes smallest units as a decimal', () => {
    expect(unitsToDecimal(630_000_000_000_000n, 18)).toBe('0.00063')
    expect(unitsToDecimal(12_500_000n, 6)).toBe('12.5')
    expect(unitsToDecimal(0n, 18)).toBe('0')
    expect(unitsToDecimal(7n, 0)).toBe('7')
  })

  it('fills the balance less the fee and keeps the fee aside for validation', () => {
    setSendToken(eth)
    setReceiverAddress(bob)
    setSendAmountToMax(21_000n * 30n * gwei)
    expect(sendStore.get()).toMatchObject({ sendTokenAmount: '1.49937', feeReserve: '0.00063' })
    expect(sendDraftError(sendStore.get(), 'eip155')).toBeUndefined()
    // Typed back up to the whole balance, the fee no longer fits.
    setSendAmount('1.5')
    expect(messageOf(sendDraftError(sendStore.get(), 'eip155'))).toBe('Insufficient funds')
    setSendAmount('1.4')
    expect(sendDraftError(sendStore.get(), 'eip155')).toBeUndefined()
    // Another token drops the reserve.
    setSendToken(usdc)
    expect(sendStore.get().feeReserve).toBeUndefined()
  })

  it("says 'Insufficient funds' when the balance cannot cover the fee", () => {
    setSendToken({ ...eth, quantity: { decimals: '18', numeric: '0.0001' } })
    setReceiverAddress(bob)
    setSendAmountToMax(21_000n * 30n * gwei)
    expect(sendStore.get().sendTokenAmount).toBe('0')
    expect(messageOf(sendDraftError(sendStore.get(), 'eip155'))).toBe('Insufficient funds')
    expect(() => validateSendDraft(sendStore.get(), 'eip155')).toThrow('Insufficient funds')
  })
})

describe('the send draft', () => {
  it("starts on the active network's native token, and keeps a token already chosen", () => {
    preselectSendToken([usdc])
    expect(sendStore.get().token).toBeUndefined()
    preselectSendToken([usdc, eth])
    expect(sendStore.get().token).toBe(eth)
    setSendToken(usdc)
    preselectSendToken([usdc, eth])
    expect(sendStore.get().token).toBe(usdc)
  })

  it('max takes the whole balance of the chosen token', () => {
    setSendToken(usdc)
    setSendAmountToMax()
    expect(sendStore.get().sendTokenAmount).toBe('10000')
  })

  it('resets after a send, keeping what was sent for the message', () => {
    setSendToken(usdc)
    setSendAmount('0.5')
    setReceiverAddress(bob)
    completeSend({
      hash: '0xabc',
      amount: '0.5',
      symbol: 'USDC',
      networkName: 'Ethereum',
      explorerUrl: undefined,
    })
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
