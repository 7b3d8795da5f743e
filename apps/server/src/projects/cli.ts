// The project CLI (`npm run project -- <command>`, or `tsx apps/server/src/projects/cli.ts`):
//   create --name <name> [--origin <pattern>]... [--spec-default-origins]   prints the new id
//   list                                                                    id, name, origins
//   add-origin --id <project id> [--origin <pattern>]... [--spec-default-origins]
//   remove-origin --id <project id> [--origin <pattern>]... [--spec-default-origins]
// It reads the same environment as the server (DATA_DIR, DATABASE_URL).
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { ProjectAnswer } from '@portico/protocol/admin'
import { loadConfig } from '../config'
import { openProjectAdmin } from './project-admin'

export interface CliIo {
  out(line: string): void
  err(line: string): void
}

const USAGE = `usage:
  project create --name <name> [--origin <pattern>]... [--spec-default-origins]
  project list
  project add-origin --id <project id> [--origin <pattern>]... [--spec-default-origins]
  project remove-origin --id <project id> [--origin <pattern>]... [--spec-default-origins]
Origin patterns: https://app.example.com, *.example.com, localhost:*, example.com:8080.
A project allows only the origins given (--no-default-origins, once needed for that, is still
accepted and changes nothing).
--spec-default-origins adds the spec's default list: localhost:*, *.pages.dev, *.vercel.app,
*.ngrok-free.app. Risk: anyone can put a page on those hosts and use your project from it (the
embedded wallet, sign-in, the RPC proxy, your visitors' sessions). For trials only, never on a
project whose wallets hold anything.`

class UsageError extends Error {}

function describe(project: ProjectAnswer): string {
  return `${project.id}\t${project.name}\t${project.allowedOrigins.join(' ')}`
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        origin: { type: 'string', multiple: true },
        id: { type: 'string' },
        'spec-default-origins': { type: 'boolean' },
        // Accepted for the scripts written when new projects had the spec's list by default.
        'no-default-origins': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

/** Runs one command; resolves to the process exit code (0 ok, 1 failed, 2 usage). */
export async function runProjectCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
): Promise<number> {
  let admin: Awaited<ReturnType<typeof openProjectAdmin>> | undefined
  try {
    const { values, positionals } = parse(argv)
    const [command, ...extra] = positionals
    if (values.help) {
      io.out(USAGE)
      return 0
    }
    if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra[0]}`)
    const origins = values.origin ?? []
    const specDefaultOrigins = values['spec-default-origins'] === true
    if (command === 'create') {
      if (!values.name) throw new UsageError('create needs --name')
    } else if (command === 'add-origin' || command === 'remove-origin') {
      if (!values.id || (origins.length === 0 && !specDefaultOrigins))
        throw new UsageError(`${command} needs --id, and --origin or --spec-default-origins`)
    } else if (command !== 'list') {
      throw new UsageError(command ? `unknown command: ${command}` : 'a command is needed')
    }

    admin = await openProjectAdmin(loadConfig(env))
    if (command === 'create') {
      const project = await admin.create({ name: values.name ?? '', origins, specDefaultOrigins })
      io.out(project.id)
      const allowed = project.allowedOrigins.join(' ') || 'none (only callers that send no Origin)'
      io.err(`Created project ${project.name} through ${admin.via}; allowed origins: ${allowed}`)
    } else if (command === 'list') {
      for (const project of await admin.list()) io.out(describe(project))
    } else {
      const id = values.id ?? ''
      const listed = { origins, specDefaultOrigins }
      const project =
        command === 'add-origin'
          ? await admin.addOrigins(id, listed)
          : await admin.removeOrigins(id, listed)
      io.out(describe(project))
    }
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`)
      return 2
    }
    io.err(error instanceof Error ? error.message : String(error))
    return 1
  } finally {
    await admin?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }
  process.exitCode = await runProjectCli(process.argv.slice(2), process.env, io)
}
