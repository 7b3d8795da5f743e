import { describe, expect, it } from 'vitest'
import { walletRegistry } from './wallet-registry'
import { checkRegistry } from './wallet-registry-check'

const byName = (name: string) => walletRegistry.find((wallet) => wallet.name === name)

describe('the wallet registry', () => {
  it('holds 40 to 60 wallets and nothing checkRegistry objects to', () => {
    expect(walletRegistry.length).toBeGreaterThanOrEqual(40)
    expect(walletRegistry.length).toBeLessThanOrEqual(60)
    expect(checkRegistry(walletRegistry)).toEqual([])
  })

  it('is in list order', () => {
    const orders = walletRegistry.map((wallet) => wallet.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
  })

  it('keeps the ids it gave out', () => {
    // Clients store wallet ids (recent wallets, include/exclude options): they never change.
    expect(byName('MetaMask')?.id).toBe(
      'aaa9698bd16b5b8d0042f05e74ddd7211775dc76d1c9e2bfc9810cf035001aa6',
    )
    expect(byName('MetaMask')?.image_id).toBe('e548a199-dadf-451f-b8ae-760d68a78fea')
  })

  it.each([
    ['MetaMask', 'io.metamask'],
    ['Rainbow', 'me.rainbow'],
    ['Phantom', 'app.phantom'],
    ['Rabby Wallet', 'io.rabby'],
    ['Coinbase Wallet', 'com.coinbase.wallet'],
    ['Trust Wallet', 'com.trustwallet.app'],
  ])('knows %s announces itself as %s', (name, rdns) => {
    expect(byName(name)?.rdns).toBe(rdns)
  })

  it('certifies a few wallets and not the rest', () => {
    const certified = walletRegistry.filter((wallet) => wallet.badge_type === 'certified')
    expect(certified.length).toBeGreaterThan(0)
    expect(certified.length).toBeLessThan(walletRegistry.length / 4)
  })

  it('finds duplicate ids, bad chains and links that are not URLs', () => {
    const [first, second] = walletRegistry
    if (!first || !second) throw new Error('registry too small')
    const broken = [
      first,
      {
        ...second,
        id: first.id,
        chains: ['eip155:0x1' as const],
        homepage: 'http://plain.example',
      },
    ]
    const problems = checkRegistry(broken)
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`id ${first.id}`),
        expect.stringContaining('eip155:0x1'),
        expect.stringContaining('http://plain.example'),
      ]),
    )
  })
})
