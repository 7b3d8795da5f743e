import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from './accounts'
import { DEVNET_CONTRACTS, DEVNET_PAIRS } from './addresses'
import { readDevnetManifest, writeDevnetManifest } from './manifest'

const devnet = {
  chains: [
    {
      chainId: 1,
      name: 'Ethereum',
      rpcUrl: 'http://127.0.0.1:8545',
      port: 8545,
      deployment: DEVNET_CONTRACTS,
    },
  ],
  accounts: [...DEV_ACCOUNTS],
  seeded: true,
}

describe('writeDevnetManifest', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  it('writes JSON that readDevnetManifest reads back, pools included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portico-devnet-manifest-'))
    dirs.push(dir)
    const path = join(dir, 'nested', 'devnet.json')
    await writeDevnetManifest(path, devnet)
    expect(await readDevnetManifest(path)).toEqual({ ...devnet, pairs: DEVNET_PAIRS })
    expect(JSON.parse(await readFile(path, 'utf8')).chains[0].rpcUrl).toBe('http://127.0.0.1:8545')
  })

  it('leaves the pools out of an unseeded devnet', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portico-devnet-manifest-'))
    dirs.push(dir)
    const path = join(dir, 'devnet.json')
    await writeDevnetManifest(path, { ...devnet, seeded: false })
    expect(await readDevnetManifest(path)).not.toHaveProperty('pairs')
  })

  it('refuses a file that is not a manifest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portico-devnet-manifest-'))
    dirs.push(dir)
    const path = join(dir, 'other.json')
    await writeFile(path, '{"chains":1}')
    await expect(readDevnetManifest(path)).rejects.toThrow('is not a devnet manifest')
  })
})
