// The network fee a transaction will cost, as the confirm shows it before Approve: its gas
// (the dapp's figure, else the chain's estimate) times the chain's gas price now. The frame
// signs with room above that price (not-safe-actions.ts) and the chain charges what the block
// asks, so this is "about"; a chain that cannot estimate (the call would fail) gives no fee.
import { type Hex, hexToBigInt, isHex } from 'viem'
import type { TransactionParams } from './not-safe-actions'
import type { RpcRead } from './rpc-proxy'

export async function estimateNetworkFee(
  chainId: number,
  account: string,
  transaction: TransactionParams,
  read: RpcRead,
): Promise<bigint | undefined> {
  try {
    const call = {
      from: account,
      ...(transaction.to === undefined ? {} : { to: transaction.to }),
      ...(transaction.value === undefined ? {} : { value: transaction.value }),
      ...(transaction.data === undefined ? {} : { data: transaction.data }),
    }
    const [gas, price] = await Promise.all([
      transaction.gas ?? read(chainId, 'eth_estimateGas', [call]),
      transaction.gasPrice ?? read(chainId, 'eth_gasPrice', []),
    ])
    if (typeof gas !== 'string' || !isHex(gas) || typeof price !== 'string' || !isHex(price)) {
      return undefined
    }
    return hexToBigInt(gas as Hex) * hexToBigInt(price as Hex)
  } catch {
    return undefined
  }
}
