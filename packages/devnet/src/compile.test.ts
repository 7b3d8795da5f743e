import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { compileContracts, PORTICO_CONTRACT_NAMES } from './compile'

describe('compileContracts', () => {
  const cacheDirs: string[] = []
  afterAll(() => Promise.all(cacheDirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  it('compiles on a cache miss, then serves the same output from the cache', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'portico-devnet-cache-'))
    cacheDirs.push(cacheDir)

    const cold = await compileContracts({ cacheDir })
    expect(cold.fromCache).toBe(false)
    expect(await readdir(cacheDir)).toEqual([cold.cacheFile.slice(cacheDir.length + 1)])
    for (const name of PORTICO_CONTRACT_NAMES) {
      expect(cold.contracts[name].bytecode).toMatch(/^0x[0-9a-f]{1000,}$/)
    }

    const cached = await compileContracts({ cacheDir })
    expect(cached.fromCache).toBe(true)
    expect(cached.cacheFile).toBe(cold.cacheFile)
    expect(cached.contracts).toEqual(cold.contracts)
  })
})
