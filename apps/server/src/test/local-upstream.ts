// A small HTTP server standing in for a chain upstream that misbehaves on purpose: it answers
// each request with the next scripted reply and records when each request arrived.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ScriptedReply {
  status: number
  headers?: Record<string, string>
  body?: string
  /** Never answer (for time-out tests). */
  hang?: boolean
}

export interface RecordedCall {
  at: number
  body: string
  headers: IncomingHttpHeaders
}

export interface LocalUpstream {
  url: string
  calls: RecordedCall[]
  /** Starts a new script and forgets the calls recorded so far. */
  script(replies: ScriptedReply[]): void
  close(): Promise<void>
}

export const jsonRpcResult = (result: unknown, id: number | string = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, result })

/** Replies in order; the last reply repeats once the script runs out. */
export async function startLocalUpstream(replies: ScriptedReply[]): Promise<LocalUpstream> {
  const calls: RecordedCall[] = []
  let script = replies
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      calls.push({ at: performance.now(), body, headers: request.headers })
      const reply = script[Math.min(calls.length, script.length) - 1]
      if (!reply || reply.hang) return
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
      response.end(reply.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    script(next) {
      script = next
      calls.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
