// The React project's global set-up (vitest.config.ts): one real server in a child process
// (server-in-child.ts) for the whole run, shared by every file that needs it. Each start (tsx
// loading the server, anvil, PGlite) was paid once per file before: measured, the react project's
// run took 42 s of CPU with three starts and 25 s with one.
// It starts lazily: this set-up only opens a small loopback endpoint, handed to the tests with
// `provide`; the first file that asks it (shared-server.ts) starts the server, the others wait on
// that same start. A run whose files never ask pays nothing. The server is stopped at teardown.
// Files sharing it keep apart by using fresh keys and names of their own, never an empty database;
// they also share its limits (20 name registrations from one IP in 10 minutes).
import { createServer, type Server } from 'node:http'
import type { TestProject } from 'vitest/node'
import { type ChildServer, startServerInChild } from './server-in-child'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test asks for the shared server (shared-server.ts). */
    sharedServerEndpoint: string
  }
}

export default async function sharedServerSetup(
  project: TestProject,
): Promise<() => Promise<void>> {
  let starting: Promise<ChildServer> | undefined
  const endpoint: Server = createServer((_request, response) => {
    starting ??= startServerInChild()
    starting.then(
      ({ url, projectId }) => {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ url, projectId }))
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' })
        response.end(error instanceof Error ? error.message : String(error))
      },
    )
  })
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve))
  const { port } = endpoint.address() as { port: number }
  project.provide('sharedServerEndpoint', `http://127.0.0.1:${port}`)
  return async () => {
    await new Promise<void>((resolve) => endpoint.close(() => resolve()))
    // A start that failed has nothing to stop.
    await starting?.then((server) => server.stop()).catch(() => {})
  }
}
