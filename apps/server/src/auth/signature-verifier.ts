// Checks that a sign-in message was signed by its account.
// - eip155: a 65-byte signature is first recovered locally (no chain call, ~10 ms). When that
//   does not give the account, only a contract account can still accept it: one eth_getCode
//   says whether the account has code, and only then is ERC-1271 checked with an eth_call. A
//   signature wrapped for an account not deployed yet (ERC-6492, or ERC-8010 for an EIP-7702
//   account) goes to the chain directly: the wrapper is how the wallet says so. Chain calls go
//   through our upstream client (its retries and time-out). A wrong key for an EOA thus costs
//   one state read, never the simulation of a validator contract.
// - solana: an ed25519 signature (base58, 64 bytes) over the message's UTF-8 bytes, checked with
//   node:crypto against the base58 public key that is the address.
import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58 } from '@portico/protocol/base58'
import {
  type Address,
  createPublicClient,
  custom,
  type Hex,
  isAddressEqual,
  isErc6492Signature,
  isErc8010Signature,
  recoverMessageAddress,
} from 'viem'
import type { UpstreamClient } from '../chains/upstream-client'
import { ServerError, UpstreamError } from '../errors'
import type { SiwxMessage } from './siwx-message'

export interface SignatureCheck {
  message: SiwxMessage
  /** The exact text that was signed. */
  text: string
  signature: string
}

export interface SignatureVerifierDeps {
  upstream: UpstreamClient
  /** The RPC URL of a configured chain (the caller has checked that it is configured). */
  rpcUrlOf(chainId: string): string
}

const HEX = /^0x(?:[0-9a-fA-F]{2})+$/
/** DER prefix of an ed25519 SubjectPublicKeyInfo; the 32 key bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** How we have verified; the session does not keep it, tests and logs may. */
export type VerifiedBy = 'eoa' | 'contract' | 'ed25519'

function isEvmSignatureLength(signature: string): boolean {
  return signature.length === 2 + 65 * 2
}

async function recoversTo(text: string, signature: Hex, address: Address): Promise<boolean> {
  if (!isEvmSignatureLength(signature)) return false
  try {
    return isAddressEqual(await recoverMessageAddress({ message: text, signature }), address)
  } catch {
    return false
  }
}

/** A viem transport whose JSON-RPC calls go through our upstream client. */
function upstreamTransport(upstream: UpstreamClient, rpcUrl: string) {
  return custom({
    async request({ method, params }) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
      const answer = await upstream.postJson(rpcUrl, body)
      let parsed: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
      try {
        parsed = JSON.parse(answer.body)
      } catch {
        throw new UpstreamError(`status ${answer.status}, not JSON`)
      }
      if (parsed.error) {
        throw Object.assign(new Error(parsed.error.message), {
          code: parsed.error.code,
          data: parsed.error.data,
        })
      }
      return parsed.result
    },
  })
}

/** Our own errors (the upstream failed) anywhere in a viem error's causes. */
function serverErrorIn(error: unknown): ServerError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ServerError) return cause
  }
  return undefined
}

type ChainClient = ReturnType<typeof chainClient>

function chainClient(upstream: UpstreamClient, rpcUrl: string) {
  return createPublicClient({ transport: upstreamTransport(upstream, rpcUrl) })
}

/**
 * The answer of a check on chain: false when the chain refused it (a revert), but a failure to
 * ask the chain at all is thrown (a 502/504, not a refusal of the signature).
 */
async function chainAnswer(check: Promise<boolean>): Promise<boolean> {
  try {
    return await check
  } catch (error) {
    const upstreamFailure = serverErrorIn(error)
    if (upstreamFailure) throw upstreamFailure
    return false
  }
}

/** Whether the account has code (a contract, or an EOA delegating under EIP-7702). */
function hasCode(client: ChainClient, address: Address): Promise<boolean> {
  return chainAnswer(
    client.getCode({ address }).then((code) => code !== undefined && code !== '0x'),
  )
}

function verifiesOnChain(client: ChainClient, check: EvmSignatureCheck) {
  return chainAnswer(
    client.verifyMessage({
      address: check.address,
      message: check.text,
      signature: check.signature,
    }),
  )
}

function verifiesEd25519(check: SignatureCheck): boolean {
  const key = decodeBase58(check.message.address)
  const signature = decodeBase58(check.signature)
  if (key?.length !== 32 || signature?.length !== 64) return false
  const publicKey = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, key]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, Buffer.from(check.text, 'utf8'), publicKey, signature)
}

/** How the signature was verified, or undefined when it does not match. */
export async function verifySiwxSignature(
  deps: SignatureVerifierDeps,
  check: SignatureCheck,
): Promise<VerifiedBy | undefined> {
  if (check.message.namespace === 'solana') {
    return verifiesEd25519(check) ? 'ed25519' : undefined
  }
  return verifyEvmSignature(
    { upstream: deps.upstream, rpcUrl: deps.rpcUrlOf(check.message.chainId) },
    { address: check.message.address, text: check.text, signature: check.signature },
  )
}

export interface EvmSignatureCheck {
  address: Address
  /** The exact text that was signed (personal_sign). */
  text: string
  signature: Hex
}

/**
 * How an EVM account's personal_sign signature of `text` was verified (eoa, or contract by
 * ERC-1271 / ERC-6492 / ERC-8010 on the chain at `rpcUrl`), or undefined when it does not match.
 * A chain that cannot be asked is thrown (the caller answers 502/504), never taken as a refusal.
 */
export async function verifyEvmSignature(
  chain: { upstream: UpstreamClient; rpcUrl: string },
  check: { address: string; text: string; signature: string },
): Promise<'eoa' | 'contract' | undefined> {
  if (!HEX.test(check.signature)) return undefined
  const evm: EvmSignatureCheck = {
    address: check.address as Address,
    text: check.text,
    signature: check.signature as Hex,
  }
  const wrapped = isErc6492Signature(evm.signature) || isErc8010Signature(evm.signature)
  if (!wrapped && (await recoversTo(evm.text, evm.signature, evm.address))) return 'eoa'
  const client = chainClient(chain.upstream, chain.rpcUrl)
  if (!wrapped && !(await hasCode(client, evm.address))) return undefined
  return (await verifiesOnChain(client, evm)) ? 'contract' : undefined
}
