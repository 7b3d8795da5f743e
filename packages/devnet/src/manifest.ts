// The JSON description of a running devnet, for processes that did not start it (the server,
// e2e, the web app's dev server): where each chain answers and where the contracts are.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DevAccount } from './accounts'
import { DEVNET_PAIRS } from './addresses'
import type { Devnet, DevnetChain } from './devnet'

export interface DevnetManifest {
  chains: DevnetChain[]
  accounts: DevAccount[]
  seeded: boolean
  /** The Uniswap V2 pools; present only when `seeded`. */
  pairs?: typeof DEVNET_PAIRS
}

export function devnetManifest(devnet: Omit<Devnet, 'stop'>): DevnetManifest {
  return {
    chains: devnet.chains,
    accounts: devnet.accounts,
    seeded: devnet.seeded,
    ...(devnet.seeded ? { pairs: DEVNET_PAIRS } : {}),
  }
}

export async function writeDevnetManifest(
  path: string,
  devnet: Omit<Devnet, 'stop'>,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  // Write then rename: a reader polling for the file never sees half of it.
  const partial = `${path}.${process.pid}.tmp`
  await writeFile(partial, `${JSON.stringify(devnetManifest(devnet), null, 2)}\n`)
  await rename(partial, path)
}

function isDevnetManifest(value: unknown): value is DevnetManifest {
  if (typeof value !== 'object' || value === null) return false
  const chains: unknown = Reflect.get(value, 'chains')
  const accounts: unknown = Reflect.get(value, 'accounts')
  return (
    Array.isArray(chains) &&
    chains.every(
      (chain: unknown) =>
        typeof chain === 'object' &&
        chain !== null &&
        typeof Reflect.get(chain, 'chainId') === 'number' &&
        typeof Reflect.get(chain, 'rpcUrl') === 'string' &&
        typeof Reflect.get(chain, 'deployment') === 'object',
    ) &&
    Array.isArray(accounts) &&
    typeof Reflect.get(value, 'seeded') === 'boolean'
  )
}

export async function readDevnetManifest(path: string): Promise<DevnetManifest> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'))
  if (!isDevnetManifest(parsed)) throw new Error(`${path} is not a devnet manifest`)
  return parsed
}
