import { encodePacked, getContractAddress, type Hex, keccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { DEVNET_CONTRACTS, DEVNET_PAIRS, UNISWAP_V2_PAIR_INIT_CODE_HASH } from './addresses'
import { DEPLOYMENT_ORDER, deploymentAddress } from './deploy'
import { loadUniswapArtifacts } from './uniswap-artifacts'

function pairAddress(tokenA: Hex, tokenB: Hex): Hex {
  const [token0, token1] =
    tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA]
  return getContractAddress({
    opcode: 'CREATE2',
    from: DEVNET_CONTRACTS.uniswapV2Factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  })
}

describe('DEVNET_CONTRACTS', () => {
  it('are the deployer nonce addresses in deployment order', () => {
    const derived = Object.fromEntries(
      DEPLOYMENT_ORDER.map((name, nonce) => [name, deploymentAddress(nonce)]),
    )
    expect(derived).toEqual(DEVNET_CONTRACTS)
  })

  it('places the pools where Uniswap V2 derives their pairs', () => {
    expect(pairAddress(DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc)).toBe(DEVNET_PAIRS.wethUsdc)
    expect(pairAddress(DEVNET_CONTRACTS.token, DEVNET_CONTRACTS.usdc)).toBe(DEVNET_PAIRS.tokenUsdc)
  })

  it('uses the init-code hash of the published pair', async () => {
    const { pair } = await loadUniswapArtifacts()
    expect(keccak256(pair.bytecode)).toBe(UNISWAP_V2_PAIR_INIT_CODE_HASH)
  })
})
