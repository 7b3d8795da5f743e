import { describe, expect, it } from 'vitest'
import { compileContracts } from '../compile'
import { loadUniswapArtifacts } from '../uniswap-artifacts'
import { normalizeAbi } from './normalize-abi'
import * as porticoAbis from './portico-contracts'
import * as uniswapAbis from './uniswap-v2'
import { PORTICO_ABI_NAMES, UNISWAP_ABI_NAMES } from './write-abis'

// The typed ABIs are generated files; these fail until write-abis.ts is run after a change.
describe('generated ABIs', () => {
  it('match the compiled devnet contracts', async () => {
    const { contracts } = await compileContracts()
    for (const [contract, name] of Object.entries(PORTICO_ABI_NAMES)) {
      const compiled = contracts[contract as keyof typeof PORTICO_ABI_NAMES]
      expect(Reflect.get(porticoAbis, name), name).toEqual(normalizeAbi(compiled.abi))
    }
  })

  it('match the published Uniswap V2 builds', async () => {
    const artifacts = await loadUniswapArtifacts()
    for (const [artifact, name] of Object.entries(UNISWAP_ABI_NAMES)) {
      const published = artifacts[artifact as keyof typeof UNISWAP_ABI_NAMES]
      expect(Reflect.get(uniswapAbis, name), name).toEqual(normalizeAbi(published.abi))
    }
  })
})
