// The server as a child process (`node --import tsx src/main.ts`, or the built `node
// dist/main.js`), for tests that kill it:
// its JSON log lines are collected so a test can wait for one ("indexed blocks up to N").
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { repoRoot } from '../config'

export type LogLine = Record<string, unknown> & { msg?: string }

export interface ServerProcess {
  child: ChildProcess
  /** Every JSON log line so far. */
  logs: LogLine[]
  /** Where it listens, once it does (from its "listening on" line). */
  url: Promise<string>
  /** Resolves with the first line (from `since` on) matching, or rejects after `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs: number, since?: number): Promise<LogLine>
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** What the process wrote to stderr. */
  stderr(): string
}

const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url))
/** What `npm run build -w apps/server` writes (scripts/build.mjs). */
export const builtMainPath = fileURLToPath(new URL('../../dist/main.js', import.meta.url))

/**
 * `built`: plain `node dist/main.js`, no tsx (build it first); `nodeArgs`: node's own flags;
 * `ownSession`: in a session of its own, as a service manager starts a server (its database
 * thread then yields only to the server's own threads, db/thread-priority.ts).
 */
export function startServerProcess(
  env: NodeJS.ProcessEnv,
  options: { built?: boolean; nodeArgs?: readonly string[]; ownSession?: boolean } = {},
): ServerProcess {
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.built ? [builtMainPath] : ['--import', 'tsx', mainPath]),
  ]
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownSession ?? false,
  })
  const logs: LogLine[] = []
  const waiters = new Set<() => void>()
  let stdout = ''
  let stderr = ''
  let listening: (url: string) => void = () => {}
  const url = new Promise<string>((resolve) => {
    listening = resolve
  })
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    const lines = stdout.split('\n')
    stdout = lines.pop() ?? ''
    for (const line of lines) {
      const at = /^Portico server listening on (http:\/\/\S+)/.exec(line)
      if (at?.[1]) listening(at[1])
      if (!line.startsWith('{')) continue
      try {
        logs.push(JSON.parse(line) as LogLine)
      } catch {
        // not a log line
      }
    }
    for (const wake of waiters) wake()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      for (const wake of waiters) wake()
      resolve({ code, signal })
    })
  })

  function waitForLog(match: (line: LogLine) => boolean, timeoutMs: number, since = 0) {
    return new Promise<LogLine>((resolve, reject) => {
      let checked = since
      const check = () => {
        for (; checked < logs.length; checked++) {
          const line = logs[checked] as LogLine
          if (match(line)) return finish(() => resolve(line))
        }
        if (child.exitCode !== null || child.signalCode !== null) {
          finish(() => reject(new Error(`the server exited while awaited: ${stderr.slice(-2000)}`)))
        }
      }
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no such log line in ${timeoutMs} ms`))),
        timeoutMs,
      )
      const finish = (settle: () => void) => {
        clearTimeout(timer)
        waiters.delete(check)
        settle()
      }
      waiters.add(check)
      check()
    })
  }

  return { child, logs, url, waitForLog, exited, stderr: () => stderr }
}
