// PORTICO_FARCASTER_ID_REGISTRY and PORTICO_FARCASTER_CONNECT_URL as an operator writes them.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { readFarcasterConfig } from './farcaster-config'

describe('Farcaster configuration', () => {
  it('reads the registry on OP mainnet and the public connect link by default', () => {
    expect(readFarcasterConfig({})).toEqual({
      registryChainId: 'eip155:10',
      registryAddress: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
      connectUrl: 'https://farcaster.xyz/~/siwf',
    })
  })

  it('takes another chain and address as a CAIP-10 id, checksumming the address', () => {
    expect(
      readFarcasterConfig({
        PORTICO_FARCASTER_ID_REGISTRY: 'eip155:1:0xf7cd8fa9b94db2aa972023b379c7f72c65e4de9d',
        PORTICO_FARCASTER_CONNECT_URL: 'http://127.0.0.1:5174/siwf',
      }),
    ).toEqual({
      registryChainId: 'eip155:1',
      registryAddress: '0xf7Cd8fa9b94DB2Aa972023b379c7f72c65E4De9D',
      connectUrl: 'http://127.0.0.1:5174/siwf',
    })
  })

  it.each([
    ['PORTICO_FARCASTER_ID_REGISTRY', '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'],
    ['PORTICO_FARCASTER_ID_REGISTRY', 'eip155:10'],
    ['PORTICO_FARCASTER_ID_REGISTRY', 'solana:10:0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'],
    ['PORTICO_FARCASTER_ID_REGISTRY', 'eip155:0:0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'],
    // A mixed-case address with a wrong checksum is a typo, not an address.
    ['PORTICO_FARCASTER_ID_REGISTRY', 'eip155:10:0x00000000fC6c5F01Fc30151999387Bb99A9f489b'],
    ['PORTICO_FARCASTER_CONNECT_URL', 'farcaster.xyz/~/siwf'],
    ['PORTICO_FARCASTER_CONNECT_URL', 'javascript:alert(1)'],
  ])('refuses %s=%s at start, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(name)
  })
})
