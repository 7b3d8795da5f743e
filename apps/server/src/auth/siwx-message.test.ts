import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage, type SiwxMessage } from './siwx-message'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('parseSiwxMessage', () => {
  it('reads every field of an EIP-4361 message written by viem', () => {
    const text = createSiweMessage({
      address: ADDRESS,
      chainId: 8453,
      domain: 'shop.example.com',
      scheme: 'https',
      uri: 'https://shop.example.com/login',
      version: '1',
      nonce: 'abcDEF123456',
      issuedAt: new Date('2025-01-01T00:00:00.000Z'),
      expirationTime: new Date('2025-01-02T00:00:00.000Z'),
      notBefore: new Date('2025-01-01T00:00:01.000Z'),
      requestId: 'r-1',
      statement: 'Sign in to the shop',
      resources: ['ipfs://bafy', 'https://shop.example.com/terms'],
    })
    const message = parseSiwxMessage(text)
    expect(message).toEqual({
      scheme: 'https',
      domain: 'shop.example.com',
      namespace: 'eip155',
      address: ADDRESS,
      statement: 'Sign in to the shop',
      uri: 'https://shop.example.com/login',
      version: '1',
      chainId: 'eip155:8453',
      nonce: 'abcDEF123456',
      issuedAt: '2025-01-01T00:00:00.000Z',
      expirationTime: '2025-01-02T00:00:00.000Z',
      notBefore: '2025-01-01T00:00:01.000Z',
      requestId: 'r-1',
      resources: ['ipfs://bafy', 'https://shop.example.com/terms'],
    })
    expect(formatSiwxMessage(message)).toBe(text)
  })

  it('reads a message without a statement, the same text viem writes', () => {
    const text = createSiweMessage({
      address: ADDRESS,
      chainId: 1,
      domain: 'localhost:3000',
      uri: 'http://localhost:3000/',
      version: '1',
      nonce: '12345678',
      issuedAt: new Date('2025-01-01T00:00:00.000Z'),
    })
    const message = parseSiwxMessage(text)
    expect(message.statement).toBeUndefined()
    expect(formatSiwxMessage(message)).toBe(text)
  })

  it('reads a Solana message and a CAIP-2 Chain ID', () => {
    const solana: SiwxMessage = {
      domain: 'localhost:3000',
      namespace: 'solana',
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      uri: 'http://localhost:3000/',
      version: '1',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      nonce: 'abcdefgh',
      issuedAt: '2025-01-01T00:00:00Z',
    }
    expect(parseSiwxMessage(formatSiwxMessage(solana))).toEqual(solana)
    const caip2 = formatSiwxMessage(solana).replace('Chain ID: 5eykt', 'Chain ID: solana:5eykt')
    expect(parseSiwxMessage(caip2).chainId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  it.each([
    ['a wrong first line', (t: string) => t.replace('wants you to sign in', 'asks you to log in')],
    [
      'an address with a wrong checksum',
      (t: string) => t.replace(ADDRESS, '0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266'),
    ],
    ['a short nonce', (t: string) => t.replace('Nonce: 12345678', 'Nonce: 1234')],
    [
      'a bad date',
      (t: string) => t.replace('Issued At: 2025-01-01T00:00:00.000Z', 'Issued At: yesterday'),
    ],
    ['a non-EVM chain id', (t: string) => t.replace('Chain ID: 1', 'Chain ID: 0x1')],
    ['a trailing line', (t: string) => `${t}\nHello`],
  ])('refuses %s', (_name, change) => {
    const text = createSiweMessage({
      address: ADDRESS,
      chainId: 1,
      domain: 'localhost:3000',
      uri: 'http://localhost:3000/',
      version: '1',
      nonce: '12345678',
      issuedAt: new Date('2025-01-01T00:00:00.000Z'),
    })
    expect(() => parseSiwxMessage(change(text))).toThrow(/^Invalid sign-in message: /)
  })
})
