// Sign In With Farcaster's settings: where the IdRegistry is read (PORTICO_FARCASTER_ID_REGISTRY,
// a CAIP-10 id: chain and address) and the link a Farcaster client opens for a channel
// (PORTICO_FARCASTER_CONNECT_URL). The real registry is on OP mainnet (eip155:10), the default;
// the devnet runs no chain 10, so dev and tests point it at the devnet's registry on chain 1.
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { type Address, getAddress, isAddress } from 'viem'

export interface FarcasterConfig {
  /** The chain the registry is read on; it must be one of the server's chains. */
  registryChainId: CaipNetworkId
  registryAddress: Address
  /** A channel's `url` is this with `?channelToken=&nonce=&siweUri=&domain=` added. */
  connectUrl: string
}

/** Farcaster's IdRegistry on OP mainnet. */
export const FARCASTER_ID_REGISTRY_MAINNET = 'eip155:10:0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** Where Farcaster clients take a sign-in link. */
export const DEFAULT_FARCASTER_CONNECT_URL = 'https://farcaster.xyz/~/siwf'

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

/** `eip155:<chain>:<address>` -> its parts; throws RangeError naming the variable. */
export function parseRegistryId(text: string): { chainId: CaipNetworkId; address: Address } {
  const match = /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/.exec(text)
  const reference = match?.[1]
  const address = match?.[2]
  if (!reference || !address || !isAddress(address)) {
    throw new RangeError(
      'PORTICO_FARCASTER_ID_REGISTRY must be a CAIP-10 id eip155:<chain id>:<address>',
    )
  }
  return { chainId: `eip155:${reference}`, address: getAddress(address) }
}

/** Throws RangeError on a bad value (loadConfig turns it into a ConfigError). */
export function readFarcasterConfig(env: NodeJS.ProcessEnv): FarcasterConfig {
  const registry = parseRegistryId(
    nonEmpty(env.PORTICO_FARCASTER_ID_REGISTRY) ?? FARCASTER_ID_REGISTRY_MAINNET,
  )
  const connectUrl = nonEmpty(env.PORTICO_FARCASTER_CONNECT_URL) ?? DEFAULT_FARCASTER_CONNECT_URL
  if (!(URL.canParse(connectUrl) && /^https?:$/.test(new URL(connectUrl).protocol))) {
    throw new RangeError('PORTICO_FARCASTER_CONNECT_URL must be an http(s) URL')
  }
  return { registryChainId: registry.chainId, registryAddress: registry.address, connectUrl }
}
