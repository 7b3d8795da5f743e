import { signedTransactionHash } from '@portico/test-kit'
import { describe, expect, it } from 'vitest'
import { bitcoinTestnet } from './bip122-networks'
import { base, mainnet } from './eip155-networks'
import { explorerAddressUrl, explorerTransactionUrl } from './explorer-urls'
import type { CaipNetwork } from './network-types'
import { solana, solanaDevnet } from './solana-networks'

const address = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
// A hash as the wallet answers it: of a transaction the dev account signs.
const hash = await signedTransactionHash()

describe('explorer links', () => {
  it('links an EVM address and transaction to the chain explorer', () => {
    expect(explorerAddressUrl(mainnet, address)).toBe(`https://etherscan.io/address/${address}`)
    expect(explorerTransactionUrl(base, hash)).toBe(`https://basescan.org/tx/${hash}`)
  })

  it('links a Solana account, keeping the cluster of a devnet', () => {
    const account = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy'
    expect(explorerAddressUrl(solana, account)).toBe(`https://solscan.io/account/${account}`)
    expect(explorerAddressUrl(solanaDevnet, account)).toBe(
      `https://solscan.io/account/${account}?cluster=devnet`,
    )
  })

  it('keeps the path of a Bitcoin testnet explorer', () => {
    expect(explorerTransactionUrl(bitcoinTestnet, 'abc')).toBe(
      'https://blockstream.info/testnet/tx/abc',
    )
  })

  it('gives no link when the network has no explorer or the id is empty', () => {
    const { blockExplorers: _none, ...withoutExplorer } = mainnet
    expect(explorerAddressUrl(withoutExplorer as CaipNetwork, address)).toBeUndefined()
    expect(explorerAddressUrl(mainnet, '')).toBeUndefined()
  })

  it('escapes characters that would change the link', () => {
    expect(explorerAddressUrl(mainnet, 'a/b?c')).toBe('https://etherscan.io/address/a%2Fb%3Fc')
  })
})
