// @vitest-environment node
// Calldata built with viem, as dapps and our server build it, read back in plain words with what
// the devnet's server lists (its USDC and PRTC, its Uniswap V2 router).
import { DEVNET_CONTRACTS, uniswapV2RouterAbi } from '@portico/devnet'
import {
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseEther,
  parseUnits,
  toHex,
  zeroAddress,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainKnowledge, KnownToken } from './chain-catalog'
import { type DecodeContext, decodeCall } from './decode-call'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const STRANGER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const
const router = DEVNET_CONTRACTS.uniswapV2Router
const usdc: KnownToken = {
  address: DEVNET_CONTRACTS.usdc.toLowerCase(),
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
}
const prtc: KnownToken = {
  address: DEVNET_CONTRACTS.token.toLowerCase(),
  name: 'Portico Token',
  symbol: 'PRTC',
  decimals: 18,
}
const known: ChainKnowledge = {
  tokens: new Map([
    [usdc.address, usdc],
    [prtc.address, prtc],
  ]),
  router: router.toLowerCase(),
  nativeUsd: 3000,
}
const context: DecodeContext = {
  account: ME,
  networkName: 'Ethereum',
  nativeSymbol: 'ETH',
  nativeDecimals: 18,
  known,
}
const deadline = 1_900_000_000n

function transferOf(amount: bigint, to = FRIEND) {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
}

function approveOf(spender: `0x${string}`, amount: bigint) {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}

describe('a transaction in plain words', () => {
  it('says who gets how much of the native coin', () => {
    expect(decodeCall({ to: FRIEND, value: toHex(parseEther('0.01')) }, context)).toEqual({
      sentence: 'Send 0.01 ETH to 0x7099…79C8',
      rows: [
        { label: 'To', value: FRIEND },
        { label: 'Amount', value: '0.01 ETH' },
      ],
      warnings: [],
    })
  })

  it('reads an ERC-20 transfer with the token’s symbol and decimals', () => {
    const summary = decodeCall(
      { to: DEVNET_CONTRACTS.usdc, data: transferOf(parseUnits('1234.5', 6)) },
      context,
    )
    expect(summary.sentence).toBe('Send 1,234.5 USDC to 0x7099…79C8')
    expect(summary.rows).toEqual([
      { label: 'To', value: FRIEND },
      { label: 'Token', value: 'USDC (0x8ce3…B7af)' },
    ])
    expect(summary.warnings).toEqual([])
  })

  it('warns plainly on an unlimited approval, naming the router as the spender', () => {
    const summary = decodeCall(
      { to: DEVNET_CONTRACTS.usdc, data: approveOf(router, maxUint256) },
      context,
    )
    expect(summary.sentence).toBe('Allow Uniswap V2 router to spend all your USDC')
    expect(summary.rows[0]).toEqual({ label: 'Spender', value: 'Uniswap V2 router (0xb19b…f431)' })
    expect(summary.warnings).toEqual([
      'Unlimited approval: Uniswap V2 router could take all your USDC, now and later, until you revoke it.',
    ])
  })

  it('states a limited approval’s amount, and warns on a spender it does not know', () => {
    expect(
      decodeCall(
        { to: DEVNET_CONTRACTS.usdc, data: approveOf(router, parseUnits('50', 6)) },
        context,
      ),
    ).toMatchObject({ sentence: 'Allow Uniswap V2 router to spend 50 USDC', warnings: [] })
    const toStranger = decodeCall(
      { to: DEVNET_CONTRACTS.token, data: approveOf(STRANGER, parseEther('1.5')) },
      context,
    )
    expect(toStranger.sentence).toBe('Allow 0x3C44…93BC to spend 1.5 PRTC')
    expect(toStranger.warnings).toEqual([
      `${STRANGER} is not a contract this wallet knows: it could take the PRTC you allow.`,
    ])
  })

  it('warns twice on an unlimited approval to a spender it does not know', () => {
    const summary = decodeCall(
      { to: DEVNET_CONTRACTS.usdc, data: approveOf(STRANGER, maxUint256) },
      context,
    )
    expect(summary.sentence).toBe('Allow 0x3C44…93BC to spend all your USDC')
    expect(summary.warnings).toEqual([
      `${STRANGER} is not a contract this wallet knows: it could take the USDC you allow.`,
      'Unlimited approval: 0x3C44…93BC could take all your USDC, now and later, until you revoke it.',
    ])
  })

  it('reads swapExactETHForTokens on our router: what is paid and the least received', () => {
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [14_803_611n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc], ME, deadline],
    })
    const summary = decodeCall({ to: router, value: toHex(parseEther('0.005')), data }, context)
    expect(summary.sentence).toBe('Swap 0.005 ETH for at least 14.803611 USDC')
    expect(summary.rows).toEqual([
      { label: 'You pay', value: '0.005 ETH' },
      { label: 'You receive at least', value: '14.803611 USDC' },
      { label: 'Contract', value: 'Uniswap V2 router (0xb19b…f431)' },
    ])
    expect(summary.warnings).toEqual([])
  })

  it('reads swapExactTokensForETH and swapExactTokensForTokens, through a connector token', () => {
    const toEth = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [
        parseUnits('50', 6),
        parseEther('0.0161'),
        [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.weth],
        ME,
        deadline,
      ],
    })
    expect(decodeCall({ to: router, data: toEth }, context).sentence).toBe(
      'Swap 50 USDC for at least 0.0161 ETH',
    )
    const toPrtc = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForTokens',
      args: [
        parseUnits('10', 6),
        parseEther('9.123456789'),
        [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.token],
        ME,
        deadline,
      ],
    })
    expect(decodeCall({ to: router, data: toPrtc }, context).sentence).toBe(
      'Swap 10 USDC for at least 9.123456 PRTC',
    )
  })

  it('warns when what a swap pays goes to another address', () => {
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [1n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc], STRANGER, deadline],
    })
    const summary = decodeCall({ to: router, value: toHex(parseEther('1')), data }, context)
    expect(summary.rows).toContainEqual({ label: 'Recipient', value: STRANGER })
    expect(summary.warnings).toEqual([`What you receive goes to ${STRANGER}, not to this wallet.`])
  })

  it('warns on a contract it does not know and decodes nothing of it', () => {
    const summary = decodeCall(
      { to: STRANGER, value: toHex(parseEther('2')), data: approveOf(router, maxUint256) },
      context,
    )
    expect(summary.sentence).toBe('Call an unknown contract')
    expect(summary.rows).toEqual([
      { label: 'Contract', value: STRANGER },
      { label: 'Amount', value: '2 ETH' },
    ])
    expect(summary.warnings).toEqual([
      `The contract ${STRANGER} is not one this wallet knows. Approve only if you trust the page that asks and know what this call does.`,
    ])
    // A token it does not list is unknown too, even with a transfer's selector.
    expect(
      decodeCall(
        { to: zeroAddress, data: transferOf(1n) },
        { ...context, known: { tokens: new Map() } },
      ).sentence,
    ).toBe('Call an unknown contract')
  })

  it('names a known contract it cannot put in words, without the unknown warning', () => {
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      // A path to a token the server does not list.
      args: [1n, [DEVNET_CONTRACTS.weth, STRANGER], ME, deadline],
    })
    expect(decodeCall({ to: router, value: '0x1', data }, context)).toMatchObject({
      sentence: 'Call Uniswap V2 router',
      warnings: [],
    })
  })
})
