// Registrations racing: the database's constraints decide, so of many registrations of one
// name exactly one wins, and of many names for one address exactly one is written. Runs on
// PGlite and, in the PostgreSQL run (DATABASE_URL), on a server with a pool of connections
// where the inserts really overlap.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { inZone, profileTestClient, useProfileRig } from '../test/profile-client'
import { ProfileStore } from './profile-store'

// Only EOAs race here: their signatures are checked without the chain.
const rig = useProfileRig({ anvil: false })
const { post, signed } = profileTestClient(rig)
const RACERS = 8

async function outcomes(bodies: unknown[]): Promise<{ status: number; message?: string }[]> {
  return Promise.all(
    bodies.map(async (body) => {
      const response = await post(body)
      const answer = (await response.json()) as { error?: { message: string } }
      return { status: response.status, message: answer.error?.message }
    }),
  )
}

async function rows(): Promise<{ name: string; address: string }[]> {
  const { rows } = await rig().server.app.portico.db.query<{ name: string; address: string }>(
    'SELECT name, address FROM profile_names ORDER BY name',
  )
  return rows
}

describe(`registrations racing (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives one name to exactly one of many addresses', async () => {
    const name = inZone('contested')
    const racers = Array.from({ length: RACERS }, () => privateKeyToAccount(generatePrivateKey()))
    const bodies = await Promise.all(racers.map((racer) => signed(racer, { name })))
    const answers = await outcomes(bodies)
    expect(answers.filter(({ status }) => status === 200)).toHaveLength(1)
    expect(answers.filter(({ status }) => status !== 200)).toEqual(
      Array(RACERS - 1).fill({ status: 409, message: `Name ${name} is already registered` }),
    )
    const winner = racers[answers.findIndex(({ status }) => status === 200)]
    expect(await rows()).toEqual([{ name, address: winner?.address.toLowerCase() }])
  })

  it('gives one address exactly one of many names', async () => {
    const racer = privateKeyToAccount(generatePrivateKey())
    const bodies = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        signed(racer, { name: inZone(`mine-${index}`) }),
      ),
    )
    const answers = await outcomes(bodies)
    expect(answers.filter(({ status }) => status === 200)).toHaveLength(1)
    expect(answers.filter(({ status }) => status !== 200)).toEqual(
      Array(RACERS - 1).fill({ status: 409, message: 'This address already has a name' }),
    )
    const mine = (await rows()).filter(({ address }) => address === racer.address.toLowerCase())
    expect(mine).toHaveLength(1)
  })

  it('holds without the route: inserts of one name straight into the store, one row', async () => {
    // The route asks for the name before checking the signature; this shows the table alone decides.
    const store = new ProfileStore(rig().server.app.portico.db)
    const name = inZone('by-the-table')
    const results = await Promise.all(
      Array.from({ length: RACERS }, () =>
        store.register({
          name,
          address: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
          coinType: 60,
          attributes: {},
        }),
      ),
    )
    expect(results.filter((result) => result.registered)).toHaveLength(1)
    expect(results.filter((result) => !result.registered)).toEqual(
      Array(RACERS - 1).fill({ registered: false, taken: 'name' }),
    )
  })
})
