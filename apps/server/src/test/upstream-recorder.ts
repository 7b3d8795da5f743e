// A pass-through in front of a real chain upstream (anvil) that records the JSON-RPC methods
// reaching it, so a test can tell how many chain calls a request cost.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface UpstreamRecorder {
  url: string
  /** Every JSON-RPC method forwarded so far, in order (a batch's methods one by one). */
  methods: string[]
  close(): Promise<void>
}

function methodsOf(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body)
    const calls = Array.isArray(parsed) ? parsed : [parsed]
    return calls.map((call) => String((call as { method?: unknown })?.method))
  } catch {
    return ['<not JSON>']
  }
}

export async function startUpstreamRecorder(target: string): Promise<UpstreamRecorder> {
  const methods: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      methods.push(...methodsOf(body))
      try {
        const answer = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(await answer.text())
      } catch {
        response.writeHead(502).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
