// Runs only on the embedded PGlite (vitest.config.ts selects *.pglite.test.ts files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { DataFolderInUseError } from './data-folder-lock'
import type { Database } from './database'
import { openDatabase } from './open-database'

let fresh: FreshDatabase
let db: Database
beforeAll(async () => {
  fresh = await createFreshDatabase()
  db = await openDatabase(fresh.location)
})
afterAll(async () => {
  await db?.close()
  await fresh?.drop()
})

describe('a PGlite data folder', () => {
  it('refuses to open a PGlite data folder twice', async () => {
    await expect(openDatabase(fresh.location)).rejects.toThrow(DataFolderInUseError)
  })
})
