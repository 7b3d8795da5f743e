// The calls a swap sends, encoded for UniswapV2Router02 and the ERC-20 being sold: exact input,
// native ETH in (swapExactETHForTokens, the value carries it) or out (swapExactTokensForETH, the
// router unwraps), token to token otherwise. Proceeds go to the user.
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseAbi } from 'viem'
import type { SwapAsset } from './convert-config'

const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

export interface SwapCall {
  from: SwapAsset
  to: SwapAsset
  amountIn: bigint
  amountOutMin: bigint
  path: Address[]
  recipient: Address
  deadline: bigint
}

/** The router call and the value (wei) it carries. */
export function swapCalldata(call: SwapCall): { data: Hex; value: bigint } {
  const { amountIn, amountOutMin, path, recipient, deadline } = call
  if (call.from === 'native') {
    return {
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [amountOutMin, path, recipient, deadline],
      }),
      value: amountIn,
    }
  }
  const functionName = call.to === 'native' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
  return {
    data: encodeFunctionData({
      abi: routerAbi,
      functionName,
      args: [amountIn, amountOutMin, path, recipient, deadline],
    }),
    value: 0n,
  }
}

export function approveCalldata(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}
