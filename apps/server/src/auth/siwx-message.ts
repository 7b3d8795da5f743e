// Sign-in messages in the CAIP-122 text form (EIP-4361 on eip155, the same shape on solana):
// the parser the server checks what a wallet signed with. The text is written by
// @portico/protocol's formatSiwxMessage (the modal's); formatSiwxMessage here feeds it the
// parsed fields, so what is read can be written back the same.
//
//   [scheme://]domain wants you to sign in with your Ethereum account:
//   0xAddress
//
//   statement (optional)
//
//   URI: uri
//   Version: 1
//   Chain ID: 1            (or the CAIP-2 id: eip155:1, solana:5eykt4...)
//   Nonce: nonce
//   Issued At: 2025-01-01T00:00:00.000Z
//   Expiration Time / Not Before / Request ID (optional)
//   Resources: (optional, then one `- uri` per line)
import type { SiwxMessageData } from '@portico/protocol/auth'
import { decodeBase58 } from '@portico/protocol/base58'
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import { formatSiwxMessage as formatSiwxText } from '@portico/protocol/siwx-message'
import { isAddress } from 'viem'
import { InvalidSiwxMessageError } from './auth-errors'

export type SiwxNamespace = 'eip155' | 'solana'

/** The fields of the message as read: the contract's, with what a parsed message always has. */
export interface SiwxMessage
  extends Omit<SiwxMessageData, 'accountAddress' | 'version' | 'issuedAt'> {
  scheme?: string
  namespace: SiwxNamespace
  /** EIP-55 checksummed on eip155, base58 on solana. */
  address: string
  version: '1'
  issuedAt: string
}

const HEADER =
  /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your (Ethereum|Solana) account:$/
const AUTHORITY = /^(?:[a-zA-Z0-9._~-]+|\[[0-9a-fA-F:.]+\])(?::[0-9]{1,5})?$/
const NONCE = /^[a-zA-Z0-9]{8,}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/
const EVM_CHAIN_REFERENCE = /^[1-9][0-9]{0,15}$/
const CAIP2_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/

/** A Solana address: base58 of a 32-byte ed25519 public key. */
export function isSolanaAddress(text: string): boolean {
  return text.length >= 32 && text.length <= 44 && decodeBase58(text)?.length === 32
}

function isUri(text: string): boolean {
  return URL.canParse(text) && !/\s/.test(text)
}

function dateTime(field: string, text: string): string {
  if (!DATE_TIME.test(text) || Number.isNaN(Date.parse(text))) {
    throw new InvalidSiwxMessageError(`${field} must be an RFC 3339 date-time`)
  }
  return text
}

function chainIdOf(namespace: SiwxNamespace, text: string): CaipNetworkId {
  const reference = text.startsWith(`${namespace}:`) ? text.slice(namespace.length + 1) : text
  const valid =
    namespace === 'eip155'
      ? EVM_CHAIN_REFERENCE.test(reference) && Number(reference) <= Number.MAX_SAFE_INTEGER
      : CAIP2_REFERENCE.test(reference)
  if (!valid) throw new InvalidSiwxMessageError(`Chain ID is not a ${namespace} chain id`)
  return `${namespace}:${reference}`
}

/** Reads the lines one by one; each optional field appears at most once, in order. */
class Lines {
  #index = 0
  constructor(readonly lines: string[]) {}
  peek(): string | undefined {
    return this.lines[this.#index]
  }
  next(): string | undefined {
    return this.lines[this.#index++]
  }
  get done(): boolean {
    return this.#index >= this.lines.length
  }
  skipEmpty(): void {
    while (this.peek() === '') this.#index++
  }
  field(label: string): string {
    const line = this.next()
    if (line === undefined || !line.startsWith(`${label}: `)) {
      throw new InvalidSiwxMessageError(`expected "${label}: ..."`)
    }
    return line.slice(label.length + 2)
  }
  optionalField(label: string): string | undefined {
    return this.peek()?.startsWith(`${label}: `) ? this.field(label) : undefined
  }
}

/** Throws InvalidSiwxMessageError naming the first part that is wrong. */
export function parseSiwxMessage(text: string): SiwxMessage {
  const lines = new Lines(text.replace(/\r\n/g, '\n').split('\n'))
  const header = HEADER.exec(lines.next() ?? '')
  if (!header) {
    throw new InvalidSiwxMessageError(
      'the first line must be "<domain> wants you to sign in with your Ethereum (or Solana) account:"',
    )
  }
  const [, scheme, domain = '', accountName] = header
  if (!AUTHORITY.test(domain)) throw new InvalidSiwxMessageError('domain is not an authority')
  const namespace: SiwxNamespace = accountName === 'Solana' ? 'solana' : 'eip155'

  const address = lines.next() ?? ''
  if (namespace === 'eip155' && !(isEvmAddressShape(address) && isAddress(address))) {
    throw new InvalidSiwxMessageError('address must be an EIP-55 checksummed address')
  }
  if (namespace === 'solana' && !isSolanaAddress(address)) {
    throw new InvalidSiwxMessageError('address must be a base58 Solana address')
  }
  if (lines.next() !== '')
    throw new InvalidSiwxMessageError('expected an empty line after the address')
  lines.skipEmpty()
  let statement: string | undefined
  if (!lines.peek()?.startsWith('URI: ')) {
    statement = lines.next()
    lines.skipEmpty()
  }

  const uri = lines.field('URI')
  if (!isUri(uri)) throw new InvalidSiwxMessageError('URI is not a URI')
  const version = lines.field('Version')
  if (version !== '1') throw new InvalidSiwxMessageError('Version must be 1')
  const chainId = chainIdOf(namespace, lines.field('Chain ID'))
  const nonce = lines.field('Nonce')
  if (!NONCE.test(nonce)) {
    throw new InvalidSiwxMessageError('Nonce must be at least 8 letters and digits')
  }
  const issuedAt = dateTime('Issued At', lines.field('Issued At'))
  const expiration = lines.optionalField('Expiration Time')
  const notBefore = lines.optionalField('Not Before')
  const requestId = lines.optionalField('Request ID')
  let resources: string[] | undefined
  if (lines.peek() === 'Resources:') {
    lines.next()
    resources = []
    while (lines.peek()?.startsWith('- ')) {
      const resource = (lines.next() ?? '').slice(2)
      if (!isUri(resource)) throw new InvalidSiwxMessageError('every resource must be a URI')
      resources.push(resource)
    }
  }
  if (!lines.done) throw new InvalidSiwxMessageError(`unexpected line "${lines.peek()}"`)

  return {
    ...(scheme !== undefined && { scheme }),
    domain,
    namespace,
    address,
    ...(statement !== undefined && { statement }),
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
    ...(expiration !== undefined && { expirationTime: dateTime('Expiration Time', expiration) }),
    ...(notBefore !== undefined && { notBefore: dateTime('Not Before', notBefore) }),
    ...(requestId !== undefined && { requestId }),
    ...(resources !== undefined && { resources }),
  }
}

/** The message text (EIP-4361 layout; `Chain ID` written as the CAIP-2 reference). */
export function formatSiwxMessage(message: SiwxMessage): string {
  return formatSiwxText({ ...message, accountAddress: message.address })
}
