import { describe, expect, it } from 'vitest'
import { base, mainnet } from './eip155-networks'
import { findEvmNetwork, findNetworkByCaipId } from './find-network'
import { solana, solanaDevnet } from './solana-networks'

const networks = [mainnet, base, solana, solanaDevnet]

describe('finding a network', () => {
  it('finds a network by its CAIP-2 id', () => {
    expect(findNetworkByCaipId(networks, 'eip155:8453')).toBe(base)
    expect(findNetworkByCaipId(networks, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(solana)
  })

  it('recognises the deprecated Solana id a wallet may still report', () => {
    expect(findNetworkByCaipId(networks, 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ')).toBe(solana)
  })

  it('finds nothing for a network the app did not pass', () => {
    expect(findNetworkByCaipId(networks, 'eip155:10')).toBeUndefined()
    expect(findEvmNetwork(networks, 10)).toBeUndefined()
  })

  it('finds an EVM network by its numeric chain id', () => {
    expect(findEvmNetwork(networks, 1)).toBe(mainnet)
  })
})
