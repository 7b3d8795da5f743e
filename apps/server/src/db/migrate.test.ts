import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import type { Database } from './database'
import { MigrationChangedError, migrate } from './migrate'
import { migrations } from './migrations'
import { openDatabase } from './open-database'

let fresh: FreshDatabase
let db: Database
beforeAll(async () => {
  fresh = await createFreshDatabase(process.env, { empty: true })
  db = await openDatabase(fresh.location)
})
afterAll(async () => {
  await db?.close()
  await fresh?.drop()
})

const allIds = migrations.map((migration) => migration.id)

describe('migrate', () => {
  it('applies every migration once, in order, and nothing the second time', async () => {
    expect(await migrate(db)).toEqual(allIds)
    expect(await migrate(db)).toEqual([])
    const { rows } = await db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')
    expect(rows.map((row) => row.id)).toEqual(allIds)
  })

  it('numbers the migrations 1, 2, 3... without gaps', () => {
    expect(allIds).toEqual(allIds.map((_, index) => index + 1))
  })

  it('applies a new migration on top and leaves the applied ones alone', async () => {
    const next = {
      id: allIds.length + 1,
      name: 'test_extra',
      sql: 'CREATE TABLE test_extra (x int)',
    }
    expect(await migrate(db, [...migrations, next])).toEqual([next.id])
    expect(await migrate(db, [...migrations, next])).toEqual([])
  })

  it('refuses to run when an applied migration was edited, and changes nothing', async () => {
    const edited = migrations.map((migration) =>
      migration.id === 1 ? { ...migration, sql: `${migration.sql} -- edited` } : migration,
    )
    const extra = { id: 99, name: 'never', sql: 'CREATE TABLE never_created (x int)' }
    await expect(migrate(db, [...edited, extra])).rejects.toThrow(MigrationChangedError)
    const { rows } = await db.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name = 'never_created'",
    )
    expect(rows).toEqual([])
  })

  it('keeps the schema after the database is closed and opened again', async () => {
    await db.close()
    db = await openDatabase(fresh.location)
    expect(await migrate(db)).toEqual([])
  })
})

describe('Database', () => {
  it('reads int8 as bigint, numeric as text, timestamptz as Date, arrays as arrays', async () => {
    const { rows } = await db.query(
      "SELECT 9007199254740993::int8 AS big, 1.50::numeric AS amount, now() AS at, '{a,b}'::text[] AS list, 7::int4 AS small",
    )
    expect(rows[0]).toEqual({
      big: 9007199254740993n,
      amount: '1.50',
      at: expect.any(Date),
      list: ['a', 'b'],
      small: 7,
    })
  })

  it('counts the rows a statement changed', async () => {
    await db.exec('CREATE TABLE counted (x int); INSERT INTO counted VALUES (1), (2), (3)')
    expect((await db.query('UPDATE counted SET x = x + 1 WHERE x > 1')).rowCount).toBe(2)
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.exec('CREATE TABLE ledger (x int)')
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO ledger VALUES ($1)', [1])
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO ledger VALUES ($1)', [2])
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const { rows } = await db.query<{ x: number }>('SELECT x FROM ledger')
    expect(rows).toEqual([{ x: 1 }])
  })

  it('carries the acknowledgements relay_deliveries held into relay_acks (migration 6)', async () => {
    const older = await createFreshDatabase(process.env, { empty: true })
    const upgraded = await openDatabase(older.location)
    try {
      await migrate(
        upgraded,
        migrations.filter((migration) => migration.id < 6),
      )
      await upgraded.query(
        `INSERT INTO relay_messages (id, topic, message, tag, publisher, published_at, expires_at)
         VALUES ('m1', 't', 'one', 1, 'alice', 1, 100), ('m2', 't', 'two', 1, 'alice', 2, 300)`,
      )
      await upgraded.query(
        `INSERT INTO relay_deliveries (message_id, client_id)
         VALUES ('m1', 'bob'), ('m2', 'bob'), ('m1', 'carol')`,
      )
      expect(await migrate(upgraded)).toEqual(allIds.filter((id) => id >= 6))
      const { rows } = await upgraded.query<{
        client_id: string
        message_ids: string[]
        expires_at: bigint
      }>('SELECT client_id, message_ids, expires_at FROM relay_acks ORDER BY client_id')
      expect(rows.map((row) => ({ ...row, message_ids: [...row.message_ids].sort() }))).toEqual([
        { client_id: 'bob', message_ids: ['m1', 'm2'], expires_at: 300n },
        { client_id: 'carol', message_ids: ['m1'], expires_at: 100n },
      ])
    } finally {
      await upgraded.close()
      await older.drop()
    }
  })
})
