// The run's one real server for a React test file (started by shared-server-setup.ts on the
// first file's request). Asked over node:http: the DOM environment's fetch is the page's, with
// its origin and CORS, not Node's.
import { request } from 'node:http'
import { serverPerFile } from '@portico/test-kit/vitest'
import { inject } from 'vitest'

export interface SharedServer {
  url: string
  projectId: string
}

async function askSharedServer(): Promise<SharedServer & { stop(): Promise<void> }> {
  const endpoint = inject('sharedServerEndpoint')
  if (!endpoint) throw new Error('the shared server needs the react project’s global set-up')
  const { status, body } = await new Promise<{ status: number; body: string }>(
    (resolve, reject) => {
      request(endpoint, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        response.on('error', reject)
      })
        .on('error', reject)
        .end()
    },
  )
  if (status !== 200) throw new Error(`the shared test server did not start: ${body}`)
  const { url, projectId } = JSON.parse(body) as SharedServer
  // The run's teardown stops it, not the file.
  return { url, projectId, stop: async () => {} }
}

/** The shared server, read from inside the tests (its address is fetched in beforeAll). */
export function sharedServer(): () => SharedServer {
  return serverPerFile(askSharedServer)
}
