// @vitest-environment node
import { DEVNET_CONTRACTS, uniswapV2RouterAbi } from '@portico/devnet'
import { encodeFunctionData, erc20Abi, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  addressAt,
  addressListAt,
  type KnownFunction,
  readCalldata,
  SELECTORS,
} from './calldata-reader'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('the calldata reader', () => {
  it('knows each function by the selector viem computes from its ABI', () => {
    for (const name of Object.keys(SELECTORS) as KnownFunction[]) {
      const item = [...erc20Abi, ...uniswapV2RouterAbi].find(
        (entry) => entry.type === 'function' && entry.name === name,
      )
      expect(item, name).toBeDefined()
      expect(toFunctionSelector(item as Parameters<typeof toFunctionSelector>[0])).toBe(
        SELECTORS[name],
      )
    }
  })

  it('reads a swap’s path by its offset, as viem encodes it', () => {
    const path = [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.token]
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForTokens',
      args: [1n, 2n, path, ME, 3n],
    })
    const call = readCalldata(data)
    expect(call?.name).toBe('swapExactTokensForTokens')
    expect(call && addressListAt(call, 2)).toEqual(path)
    expect(call && addressAt(call, 3)).toBe(ME)
  })

  it('reads nothing from data that does not fit the layout', () => {
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [ME, 1n],
    })
    // A stray bit above the 20 address bytes.
    const dirty = `0x${transfer.slice(2, 10)}01${transfer.slice(12)}` as const
    const call = readCalldata(dirty)
    expect(call && addressAt(call, 0)).toBeUndefined()
    expect(readCalldata(`${transfer}ab`)).toBeUndefined()
    expect(readCalldata('0xdeadbeef')).toBeUndefined()
    // A path offset pointing past the end.
    const swap = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [1n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc], ME, 3n],
    })
    const far = `0x${swap.slice(2, 74)}${'f'.repeat(64)}${swap.slice(138)}` as const
    const read = readCalldata(far)
    expect(read && addressListAt(read, 1)).toBeUndefined()
  })
})
