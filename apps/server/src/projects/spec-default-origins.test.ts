// The spec's default origins (*.pages.dev, *.vercel.app, *.ngrok-free.app) are hosts where anyone
// can serve a page. No project has them unless its operator asks: a page there is refused by
// the dev project and by a new project on every way in (the HTTP routes, the frame page, the
// relay), and admitted only after --spec-default-origins, until they are removed again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_CACHE_TTL_MS } from '../constants'
import { migrate } from '../db/migrate'
import { migrations } from '../db/migrations'
import { openDatabase } from '../db/open-database'
import { type FrameBuild, writeFrameBuild } from '../test/frame-build'
import { createFreshDatabase } from '../test/fresh-database'
import { createRelayTestIdentity } from '../test/relay-identity'
import { upgrade } from '../test/relay-upgrade'
import { startTestServer, type TestServer } from '../test/test-server'
import { type CliIo, runProjectCli } from './cli'
import { DEV_PROJECT_ID } from './dev-project'

const HOSTED_PAGES = [
  'https://x.vercel.app',
  'https://shop.pages.dev',
  'https://abcd-1-2-3-4.ngrok-free.app',
]

let server: TestServer
let build: FrameBuild
beforeAll(async () => {
  build = writeFrameBuild()
  server = await startTestServer({ config: { frame: { port: 0, dir: build.dir } } })
})
afterAll(async () => {
  await server?.stop()
  build?.remove()
})

async function cli(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) }
  const code = await runProjectCli(argv, server.env, io)
  return { code, out, err: err.join('\n') }
}

/** How each way in answers a page on `origin` for the project: HTTP status, frame, relay. */
async function answersTo(projectId: string, origin: string) {
  const api = await fetch(`${server.url}/v1/supported-chains?projectId=${projectId}`, {
    headers: { origin },
  })
  const framePage = new URL(server.frameUrl ?? '')
  framePage.searchParams.set('projectId', projectId)
  framePage.searchParams.set('origin', origin)
  const frame = await fetch(framePage)
  const relayUrl = `${server.url.replace('http', 'ws')}/relay?projectId=${projectId}&ua=test&auth=${createRelayTestIdentity().jwt()}`
  const relay = await upgrade(relayUrl, { origin })
  relay.socket?.terminate()
  return {
    api: api.status,
    cors: api.headers.get('access-control-allow-origin'),
    frame: frame.status,
    frameAncestors: /frame-ancestors ([^;]+)/.exec(
      frame.headers.get('content-security-policy') ?? '',
    )?.[1],
    relay: relay.status,
  }
}

const REFUSED = { api: 403, cors: null, frame: 403, frameAncestors: "'none'", relay: 403 }
const admitted = (origin: string) => ({
  api: 200,
  cors: origin,
  frame: 200,
  frameAncestors: origin,
  relay: 101,
})

describe('a page on a public hosting service', () => {
  it.each(HOSTED_PAGES)('is refused by the dev project: %s', async (origin) => {
    expect(await answersTo(DEV_PROJECT_ID, origin)).toEqual(REFUSED)
  })

  it('is refused by a project made with no origin or with origins of its own', async () => {
    const bare = await cli('create', '--name', 'Bare')
    const shop = await cli('create', '--name', 'Shop', '--origin', 'https://shop.example.com')
    expect(bare.err).toContain('allowed origins: none (only callers that send no Origin)')
    for (const id of [bare.out[0] ?? '', shop.out[0] ?? '']) {
      for (const origin of HOSTED_PAGES) expect(await answersTo(id, origin)).toEqual(REFUSED)
      expect((await answersTo(id, 'http://localhost:5173')).api).toBe(403)
    }
    expect(await answersTo(shop.out[0] ?? '', 'https://shop.example.com')).toEqual(
      admitted('https://shop.example.com'),
    )
  })

  it('is refused by a project made through the admin route without asking', async () => {
    const made = await fetch(`${server.url}/admin/projects`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.app.portico.config.adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'Admin made', origins: ['https://app.example.com'] }),
    })
    expect(made.status).toBe(201)
    const project = (await made.json()) as { id: string; allowedOrigins: string[] }
    expect(project.allowedOrigins).toEqual(['https://app.example.com'])
    expect(await answersTo(project.id, 'https://x.vercel.app')).toEqual(REFUSED)
  })

  it('is admitted on every way in once the operator asks, and refused again once removed', async () => {
    const created = await cli('create', '--name', 'Trial', '--spec-default-origins')
    expect(created.code).toBe(0)
    const id = created.out[0] ?? ''
    for (const origin of HOSTED_PAGES) expect(await answersTo(id, origin)).toEqual(admitted(origin))

    const removed = await cli('remove-origin', '--id', id, '--spec-default-origins')
    expect(removed.code).toBe(0)
    expect(removed.out[0]).toBe(`${id}\tTrial\t`)
    // Through this server's admin routes (PGlite) the change is seen at once; written to
    // PostgreSQL directly, once the server's copy of the project ages out.
    for (const origin of HOSTED_PAGES)
      await expect
        .poll(() => answersTo(id, origin), { timeout: 2 * PROJECT_CACHE_TTL_MS })
        .toEqual(REFUSED)

    const added = await cli('add-origin', '--id', id, '--spec-default-origins')
    expect(added.out[0]).toBe(`${id}\tTrial\tlocalhost:* *.pages.dev *.vercel.app *.ngrok-free.app`)
    await expect
      .poll(() => answersTo(id, 'https://x.vercel.app'), { timeout: 2 * PROJECT_CACHE_TTL_MS })
      .toEqual(admitted('https://x.vercel.app'))
  })

  it('says the risk where the operator asks for the list', async () => {
    const help = await cli('--help')
    expect(help.out.join('\n')).toContain(
      'anyone can put a page on those hosts and use your project from it',
    )
  })
})

describe('removing origins', () => {
  it('keeps the others in order and refuses a request that names none', async () => {
    const created = await cli(
      'create',
      '--name',
      'Several',
      '--origin',
      'https://a.example.com',
      '--origin',
      'https://b.example.com',
      '--origin',
      'https://c.example.com',
    )
    const id = created.out[0] ?? ''
    const removed = await cli('remove-origin', '--id', id, '--origin', 'HTTPS://B.example.com/')
    expect(removed.out[0]).toBe(`${id}\tSeveral\thttps://a.example.com https://c.example.com`)
    expect((await answersTo(id, 'https://b.example.com')).api).toBe(403)

    const before = await server.app.portico.projects.find(id)
    const empty = await fetch(`${server.url}/admin/projects/${id}/origins/remove`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.app.portico.config.adminToken}`,
        'content-type': 'application/json',
      },
      body: '{}',
    })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({
      error: {
        code: 'INVALID_REQUEST',
        message: 'Name an origin, or ask for the spec default origins',
      },
    })
    expect(await server.app.portico.projects.find(id)).toEqual(before)
    expect((await cli('remove-origin', '--id', id)).code).toBe(2)
    const unknown = await cli('remove-origin', '--id', '0'.repeat(32), '--origin', 'a.example')
    expect(unknown.code).toBe(1)
    expect(unknown.err).toContain('Project not found')
  })
})

describe('a database from before', () => {
  it("takes the spec's list from the dev project, keeping what was added, and from no other", async () => {
    const fresh = await createFreshDatabase(process.env, { empty: true })
    const db = await openDatabase(fresh.location)
    try {
      const before = migrations.filter(
        (migration) => migration.name !== 'dev_project_without_spec_default_origins',
      )
      await migrate(db, before)
      const seeded = ['localhost:*', '*.pages.dev', '*.vercel.app', '*.ngrok-free.app']
      await db.query('INSERT INTO projects (id, name, allowed_origins) VALUES ($1, $2, $3)', [
        DEV_PROJECT_ID,
        'Portico dev',
        [...seeded, '127.0.0.1:*', 'https://mine.example.com'],
      ])
      const operators = '0123456789abcdef0123456789abcdef'
      await db.query('INSERT INTO projects (id, name, allowed_origins) VALUES ($1, $2, $3)', [
        operators,
        'Shop',
        seeded,
      ])
      await migrate(db)
      const { rows } = await db.query<{ id: string; allowed_origins: string[] }>(
        'SELECT id, allowed_origins FROM projects ORDER BY id',
      )
      expect(rows).toEqual([
        { id: operators, allowed_origins: seeded },
        {
          id: DEV_PROJECT_ID,
          allowed_origins: ['localhost:*', '127.0.0.1:*', 'https://mine.example.com'],
        },
      ])
    } finally {
      await db.close()
      await fresh.drop()
    }
  })
})
