import { describe, expect, it } from 'vitest'
import { parseCaipNetworkId } from '../caip'
import { allNetworks } from './all-networks'
import { bitcoin, bitcoinTestnet } from './bip122-networks'
import { arbitrum, avalanche, base, mainnet, optimism, polygon } from './eip155-networks'
import { solana, solanaDevnet, solanaTestnet } from './solana-networks'

describe('network definitions', () => {
  it('lists every network of the spec with its chain id', () => {
    expect(
      [mainnet, optimism, polygon, base, arbitrum, avalanche].map((n) => [n.name, n.id]),
    ).toEqual([
      ['Ethereum', 1],
      ['OP Mainnet', 10],
      ['Polygon', 137],
      ['Base', 8453],
      ['Arbitrum One', 42161],
      ['Avalanche', 43114],
    ])
    expect(
      [solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet].map((n) => n.name),
    ).toEqual(['Solana', 'Solana Devnet', 'Solana Testnet', 'Bitcoin', 'Bitcoin Testnet'])
  })

  it('shows Polygon balances in POL', () => {
    expect(polygon.nativeCurrency.symbol).toBe('POL')
  })

  it('uses 18 decimals on EVM, 9 on Solana and 8 on Bitcoin', () => {
    const decimals = Object.fromEntries(
      allNetworks.map((network) => [network.chainNamespace, network.nativeCurrency.decimals]),
    )
    expect(decimals).toEqual({ eip155: 18, solana: 9, bip122: 8 })
    for (const network of allNetworks) {
      expect(network.nativeCurrency.decimals).toBe(decimals[network.chainNamespace])
    }
  })

  it('gives each network a CAIP-2 id made of its namespace and id', () => {
    for (const network of allNetworks) {
      expect(parseCaipNetworkId(network.caipNetworkId)).toEqual({
        namespace: network.chainNamespace,
        reference: String(network.id),
      })
      if (network.deprecatedCaipNetworkId) parseCaipNetworkId(network.deprecatedCaipNetworkId)
    }
    expect(new Set(allNetworks.map((network) => network.caipNetworkId)).size).toBe(
      allNetworks.length,
    )
  })

  it('marks only devnets and testnets as test networks', () => {
    expect(allNetworks.filter((network) => network.testnet)).toEqual([
      solanaDevnet,
      solanaTestnet,
      bitcoinTestnet,
    ])
  })

  it('gives every network an https explorer and a default RPC url', () => {
    for (const network of allNetworks) {
      expect(network.blockExplorers?.default.url).toMatch(/^https:\/\//)
      expect(network.blockExplorers?.default.name).toBeTruthy()
      expect(network.rpcUrls.default.http[0]).toMatch(/^https:\/\//)
    }
  })
})
