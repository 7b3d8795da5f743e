// Runs only with DATABASE_URL (vitest.config.ts selects *.postgres.test.ts files).
import { describe, expect, it } from 'vitest'
import { createFreshDatabase } from '../test/fresh-database'
import { migrate } from './migrate'
import { migrations } from './migrations'
import { openDatabase } from './open-database'

const allIds = migrations.map((migration) => migration.id)

describe('migrate on PostgreSQL', () => {
  it('lets two servers starting at once take turns (PostgreSQL advisory lock)', async () => {
    const other = await createFreshDatabase()
    const [first, second] = await Promise.all([
      openDatabase(other.location),
      openDatabase(other.location),
    ])
    try {
      const applied = await Promise.all([migrate(first), migrate(second)])
      expect(applied.map((ids) => ids.length).sort()).toEqual([0, allIds.length])
    } finally {
      await Promise.all([first.close(), second.close()])
      await other.drop()
    }
  })
})
