import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../config'
import { createFreshDatabase } from '../test/fresh-database'
import { startTestServer, type TestServer } from '../test/test-server'
import { type CliIo, runProjectCli } from './cli'
import { DEV_PROJECT_ID } from './dev-project'

const PROJECT_ID_LINE = /^[0-9a-f]{32}$/

async function cli(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) }
  const code = await runProjectCli(argv, env, io)
  return { code, out, err: err.join('\n') }
}

function supportedChains(server: TestServer, projectId: string, origin: string) {
  return fetch(`${server.url}/v1/supported-chains?projectId=${projectId}`, { headers: { origin } })
}

describe('project CLI next to a running server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('creates a project the server then accepts from its origin, and from no other', async () => {
    const created = await cli(
      ['create', '--name', 'Shop', '--origin', 'https://shop.example.com'],
      server.env,
    )
    expect(created.code).toBe(0)
    expect(created.out).toHaveLength(1)
    const id = created.out[0] ?? ''
    expect(id).toMatch(PROJECT_ID_LINE)
    expect((await supportedChains(server, id, 'https://shop.example.com')).status).toBe(200)
    expect((await supportedChains(server, id, 'http://localhost:3000')).status).toBe(403)
    expect((await supportedChains(server, id, 'https://x.vercel.app')).status).toBe(403)
    expect((await supportedChains(server, id, 'https://evil.example.com')).status).toBe(403)
  })

  it('lists the projects, the seeded dev project among them', async () => {
    const listed = await cli(['list'], server.env)
    expect(listed.code).toBe(0)
    expect(listed.out.some((line) => line.startsWith(`${DEV_PROJECT_ID}\tPortico dev\t`))).toBe(
      true,
    )
  })

  it('adds an origin the server then accepts', async () => {
    // --no-default-origins, from the days new projects had the spec's list, changes nothing.
    const created = await cli(['create', '--name', 'Strict', '--no-default-origins'], server.env)
    const id = created.out[0] ?? ''
    const added = await cli(['add-origin', '--id', id, '--origin', '*.strict.example'], server.env)
    expect(added.code).toBe(0)
    expect(added.out[0]).toBe(`${id}\tStrict\t*.strict.example`)
    expect((await supportedChains(server, id, 'https://app.strict.example')).status).toBe(200)
    expect((await supportedChains(server, id, 'http://localhost:3000')).status).toBe(403)
  })

  it('refuses a bad origin pattern and an unknown project', async () => {
    const bad = await cli(['create', '--name', 'Bad', '--origin', 'evil*.com'], server.env)
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('Invalid origin pattern: "evil*.com"')
    const unknown = await cli(
      ['add-origin', '--id', '0123456789abcdef0123456789abcdef', '--origin', 'a.example'],
      server.env,
    )
    expect(unknown.code).toBe(1)
    expect(unknown.err).toContain('Project not found')
  })

  it.each([[[]], [['create']], [['rename']], [['add-origin', '--id', 'x']], [['list', '--bogus']]])(
    'prints the usage for %j',
    async (argv) => {
      const result = await cli(argv, server.env)
      expect(result.code).toBe(2)
      expect(result.err).toContain('usage:')
    },
  )

  it('runs as a command and prints the new id alone on stdout', async () => {
    const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url))
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', cliPath, 'create', '--name', 'From a shell', '--spec-default-origins'],
      { cwd: repoRoot, env: server.env },
    )
    const id = stdout.trim()
    expect(id).toMatch(PROJECT_ID_LINE)
    expect((await supportedChains(server, id, 'https://x.vercel.app')).status).toBe(200)
  })
})

describe('project CLI with no server running', () => {
  it('creates the project in the database, and a server started later accepts it', async () => {
    const database = await createFreshDatabase()
    try {
      const env = {
        DATA_DIR: database.location.dataDir,
        DATABASE_URL: database.location.databaseUrl,
      }
      const created = await cli(
        ['create', '--name', 'Offline', '--origin', 'https://offline.example.com'],
        env,
      )
      expect(created.code).toBe(0)
      const id = created.out[0] ?? ''
      const server = await startTestServer({ database })
      try {
        expect((await supportedChains(server, id, 'https://offline.example.com')).status).toBe(200)
      } finally {
        await server.stop()
      }
    } finally {
      await database.drop()
    }
  })
})
