// Reads Farcaster's IdRegistry through the server's upstream client (its retries and time-out):
// the custody address of a fid. The ABI is the real registry's (the devnet's has the same).
import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem'
import type { ChainRegistry } from '../chains/chain-registry'
import type { UpstreamClient } from '../chains/upstream-client'
import { UpstreamError } from '../errors'
import type { FarcasterConfig } from './farcaster-config'

export const idRegistryReadAbi = [
  {
    type: 'function',
    name: 'custodyOf',
    stateMutability: 'view',
    inputs: [{ name: 'fid', type: 'uint256' }],
    outputs: [{ name: 'custody', type: 'address' }],
  },
  {
    type: 'function',
    name: 'idOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: 'fid', type: 'uint256' }],
  },
] as const

export interface IdRegistryReader {
  /** The fid's custody address, or undefined when the fid does not exist (zero address). */
  custodyOf(fid: number): Promise<Address | undefined>
  /** The fid the address holds, 0 when none. */
  idOf(address: Address): Promise<bigint>
}

interface RpcAnswer {
  result?: unknown
  error?: { message?: string }
}

export function createIdRegistryReader(
  config: FarcasterConfig,
  chains: ChainRegistry,
  upstream: UpstreamClient,
): IdRegistryReader {
  async function call(data: Hex): Promise<Hex> {
    // Resolved per call: a registry chain missing from the chains is a 400 UNSUPPORTED_CHAIN.
    const { rpcUrl } = chains.resolve(config.registryChainId)
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: config.registryAddress, data }, 'latest'],
    })
    const answer = await upstream.postJson(rpcUrl, body)
    let parsed: RpcAnswer
    try {
      parsed = JSON.parse(answer.body)
    } catch {
      throw new UpstreamError(`status ${answer.status}, not JSON`)
    }
    if (typeof parsed.result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(parsed.result)) {
      throw new UpstreamError(parsed.error?.message ?? 'the IdRegistry call gave no result')
    }
    if (parsed.result === '0x') throw new UpstreamError('no IdRegistry at the configured address')
    return parsed.result as Hex
  }

  return {
    async custodyOf(fid) {
      const data = encodeFunctionData({
        abi: idRegistryReadAbi,
        functionName: 'custodyOf',
        args: [BigInt(fid)],
      })
      const custody = decodeFunctionResult({
        abi: idRegistryReadAbi,
        functionName: 'custodyOf',
        data: await call(data),
      })
      return BigInt(custody) === 0n ? undefined : getAddress(custody)
    },
    async idOf(address) {
      const data = encodeFunctionData({
        abi: idRegistryReadAbi,
        functionName: 'idOf',
        args: [address],
      })
      return decodeFunctionResult({
        abi: idRegistryReadAbi,
        functionName: 'idOf',
        data: await call(data),
      })
    },
  }
}
