// Reads Farcaster's IdRegistry through the server's upstream client (its retries and time-out):
// the custody address of a fid. The ABI is the real registry's (the devnet's has the same).
// On the same chain it asks a contract custody address (a smart wallet) whether it signed a
// message (ERC-1271 isValidSignature).
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

const erc1271Abi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: 'magicValue', type: 'bytes4' }],
  },
] as const

/** What isValidSignature answers for a signature the contract accepts (ERC-1271). */
export const ERC1271_MAGIC_VALUE = '0x1626ba7e'

export interface IdRegistryReader {
  /** The fid's custody address, or undefined when the fid does not exist (zero address). */
  custodyOf(fid: number): Promise<Address | undefined>
  /** The fid the address holds, 0 when none. */
  idOf(address: Address): Promise<bigint>
  /** Whether the contract at `account` accepts `signature` of `hash`; false for no contract. */
  isValidSignature(account: Address, hash: Hex, signature: Hex): Promise<boolean>
}

interface RpcAnswer {
  result?: unknown
  error?: { code?: unknown; message?: string }
}

/** A call the contract reverted (JSON-RPC code 3, or the node's "execution reverted"). */
function isRevert(error: RpcAnswer['error']): boolean {
  return error?.code === 3 || /revert/i.test(error?.message ?? '')
}

export function createIdRegistryReader(
  config: FarcasterConfig,
  chains: ChainRegistry,
  upstream: UpstreamClient,
): IdRegistryReader {
  async function ethCall(to: Address, data: Hex): Promise<RpcAnswer> {
    // Resolved per call: a registry chain missing from the chains is a 400 UNSUPPORTED_CHAIN.
    const { rpcUrl } = chains.resolve(config.registryChainId)
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to, data }, 'latest'],
    })
    const answer = await upstream.postJson(rpcUrl, body)
    try {
      return JSON.parse(answer.body)
    } catch {
      throw new UpstreamError(`status ${answer.status}, not JSON`)
    }
  }

  async function call(data: Hex): Promise<Hex> {
    const parsed = await ethCall(config.registryAddress, data)
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
    async isValidSignature(account, hash, signature) {
      const data = encodeFunctionData({
        abi: erc1271Abi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
      const parsed = await ethCall(account, data)
      // A revert is the contract's no; any other failure is a read that did not happen.
      if (parsed.error !== undefined) {
        if (isRevert(parsed.error)) return false
        throw new UpstreamError(parsed.error.message ?? 'the isValidSignature call failed')
      }
      if (typeof parsed.result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(parsed.result)) {
        throw new UpstreamError('the isValidSignature call gave no result')
      }
      // No code at the address answers '0x': an account that is not a contract.
      return parsed.result.length === 66 && parsed.result.slice(0, 10) === ERC1271_MAGIC_VALUE
    },
  }
}
