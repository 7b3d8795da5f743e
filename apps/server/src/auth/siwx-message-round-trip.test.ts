// The sign-in text the modal writes (@portico/protocol's formatSiwxMessage) is what the wallet
// signs and this server parses: every field written is read back the same.
import { formatSiwxMessage } from '@portico/protocol/siwx-message'
import { describe, expect, it } from 'vitest'
import { parseSiwxMessage } from './siwx-message'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('formatSiwxMessage', () => {
  it('writes the EIP-4361 layout for an eip155 account', () => {
    const message = formatSiwxMessage({
      accountAddress: alice,
      chainId: 'eip155:8453',
      domain: 'shop.example.com',
      uri: 'https://shop.example.com/login',
      version: '1',
      nonce: 'abcdefgh12345678',
      statement: 'Sign in to the shop',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-02T00:00:00.000Z',
      notBefore: '2026-01-01T00:00:00.000Z',
      requestId: 'req-7',
      resources: ['https://shop.example.com/terms', 'ipfs://bafy'],
    })
    expect(message).toBe(
      [
        'shop.example.com wants you to sign in with your Ethereum account:',
        alice,
        '',
        'Sign in to the shop',
        '',
        'URI: https://shop.example.com/login',
        'Version: 1',
        'Chain ID: 8453',
        'Nonce: abcdefgh12345678',
        'Issued At: 2026-01-01T00:00:00.000Z',
        'Expiration Time: 2026-01-02T00:00:00.000Z',
        'Not Before: 2026-01-01T00:00:00.000Z',
        'Request ID: req-7',
        'Resources:',
        '- https://shop.example.com/terms',
        '- ipfs://bafy',
      ].join('\n'),
    )
    expect(parseSiwxMessage(message)).toEqual({
      domain: 'shop.example.com',
      namespace: 'eip155',
      address: alice,
      statement: 'Sign in to the shop',
      uri: 'https://shop.example.com/login',
      version: '1',
      chainId: 'eip155:8453',
      nonce: 'abcdefgh12345678',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-02T00:00:00.000Z',
      notBefore: '2026-01-01T00:00:00.000Z',
      requestId: 'req-7',
      resources: ['https://shop.example.com/terms', 'ipfs://bafy'],
    })
  })

  it('writes a message without a statement that the server still reads', () => {
    const message = formatSiwxMessage({
      accountAddress: alice,
      chainId: 'eip155:1',
      domain: 'localhost:5173',
      uri: 'http://localhost:5173/',
      version: '1',
      nonce: 'abcdefgh12345678',
      issuedAt: '2026-01-01T00:00:00.000Z',
    })
    expect(parseSiwxMessage(message)).toMatchObject({ chainId: 'eip155:1', address: alice })
    expect(parseSiwxMessage(message).statement).toBeUndefined()
  })

  it('says Solana for a solana account', () => {
    const message = formatSiwxMessage({
      accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      domain: 'localhost:5173',
      uri: 'http://localhost:5173/',
      version: '1',
      nonce: 'abcdefgh12345678',
      issuedAt: '2026-01-01T00:00:00.000Z',
    })
    expect(message.split('\n')[0]).toBe(
      'localhost:5173 wants you to sign in with your Solana account:',
    )
    expect(parseSiwxMessage(message)).toMatchObject({
      namespace: 'solana',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })
})
