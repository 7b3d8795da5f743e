// Checks a Sign In With Farcaster message against its channel and the IdRegistry, in the order a
// refusal is cheapest: the text (SIWE, parsed by the server's sign-in parser), what the channel
// fixed (domain, URI, nonce, times, request id), FIP-11's own parts (statement, chain id 10,
// the one resource farcaster://fid/N naming the fid sent), the signature recovered locally (or,
// when it is not the account's key, one ERC-1271 call: a contract custody, such as a smart
// wallet, says itself whether it signed), and last one registry read: the signer must be the
// fid's custody address (idOf(signer) = fid, as Farcaster's own verifier asks it).
import {
  type AuthenticateBody,
  FARCASTER_AUTH_CHAIN_ID,
  FARCASTER_AUTH_STATEMENT,
  FARCASTER_FID_RESOURCE_PREFIX,
} from '@portico/protocol/farcaster-auth'
import {
  type Address,
  getAddress,
  type Hex,
  hashMessage,
  isAddressEqual,
  recoverMessageAddress,
} from 'viem'
import { InvalidSiwxMessageError } from '../auth/auth-errors'
import { parseSiwxMessage, type SiwxMessage } from '../auth/siwx-message'
import { type Channel, FARCASTER_CLOCK_SKEW_MS } from './channels'
import { FarcasterMessageInvalidError } from './farcaster-errors'
import type { IdRegistryReader } from './id-registry'

function refuse(detail: string): never {
  throw new FarcasterMessageInvalidError(detail)
}

function parse(text: string): SiwxMessage {
  try {
    return parseSiwxMessage(text)
  } catch (error) {
    if (error instanceof InvalidSiwxMessageError) refuse(error.message)
    throw error
  }
}

const timeOf = (text: string) => Date.parse(text)

function checkAgainstChannel(message: SiwxMessage, channel: Channel, now: number): void {
  const { params } = channel
  if (message.scheme !== undefined) refuse('the domain must not carry a scheme')
  if (message.domain !== params.domain) refuse('the domain is not the channel’s')
  if (message.uri !== params.siweUri) refuse('the URI is not the channel’s')
  if (message.nonce !== params.nonce) refuse('the nonce is not the channel’s')
  if (message.requestId !== params.requestId) refuse('the request id is not the channel’s')
  if (message.notBefore !== params.notBefore) refuse('Not Before is not the channel’s')
  if (message.expirationTime !== params.expirationTime) {
    refuse('Expiration Time is not the channel’s')
  }
  const issuedAt = timeOf(message.issuedAt)
  // Signed after the channel was made (so an older message cannot serve a new channel) and
  // not in the future, within the clock skew.
  if (issuedAt < channel.createdAt - FARCASTER_CLOCK_SKEW_MS) refuse('issued before the channel')
  if (issuedAt > now + FARCASTER_CLOCK_SKEW_MS) refuse('issued in the future')
  if (message.expirationTime !== undefined && timeOf(message.expirationTime) <= now) {
    refuse('the message has expired')
  }
  if (message.notBefore !== undefined && timeOf(message.notBefore) > now) {
    refuse('the message is not valid yet')
  }
}

function checkFarcasterParts(message: SiwxMessage, fid: number): void {
  if (message.namespace !== 'eip155') refuse('the account must be an Ethereum address')
  if (message.statement !== FARCASTER_AUTH_STATEMENT) {
    refuse(`the statement must be "${FARCASTER_AUTH_STATEMENT}"`)
  }
  if (message.chainId !== `eip155:${FARCASTER_AUTH_CHAIN_ID}`) {
    refuse(`the chain id must be ${FARCASTER_AUTH_CHAIN_ID}`)
  }
  const resources = message.resources ?? []
  const fidResources = resources.filter((uri) => uri.startsWith(FARCASTER_FID_RESOURCE_PREFIX))
  if (fidResources.length !== 1) refuse('the message must name one farcaster://fid/ resource')
  if (fidResources[0] !== `${FARCASTER_FID_RESOURCE_PREFIX}${fid}`) {
    refuse('the fid resource does not name the fid sent')
  }
}

async function recoveredSigner(text: string, signature: string): Promise<Address | undefined> {
  try {
    return await recoverMessageAddress({ message: text, signature: signature as Hex })
  } catch {
    return undefined
  }
}

/** The custody address that signed, or a 401 FARCASTER_MESSAGE_INVALID naming what is wrong. */
export async function verifyFarcasterMessage(
  body: AuthenticateBody,
  channel: Channel,
  registry: IdRegistryReader,
  now: number,
): Promise<Address> {
  const message = parse(body.message)
  checkFarcasterParts(message, body.fid)
  checkAgainstChannel(message, channel, now)
  const address = getAddress(message.address)
  const signer = await recoveredSigner(body.message, body.signature)
  const signedByKey = signer !== undefined && isAddressEqual(signer, address)
  if (
    !signedByKey &&
    !(await registry.isValidSignature(address, hashMessage(body.message), body.signature as Hex))
  ) {
    refuse('the signature is not the account’s')
  }
  if ((await registry.idOf(address)) !== BigInt(body.fid)) {
    refuse(`the account is not the custody address of fid ${body.fid}`)
  }
  return address
}
