// A pass-through in front of anvil that can stop a server's broadcast at the worst moment:
// 'hold' keeps eth_sendRawTransaction from the chain and never answers it; 'lose-answer'
// forwards it (the chain has the transaction) and never answers; 'hold-gas-price' never answers
// eth_gasPrice (asked while a payout is being signed); 'pass' forwards everything.
// With the answer never coming, a test can kill the server exactly between "stored" and
// "known to be sent".
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type GateMode = 'pass' | 'hold' | 'lose-answer' | 'hold-gas-price'

export interface SendGate {
  url: string
  mode: GateMode
  /** The raw transactions sent through it, in order (forwarded or not). */
  sent: string[]
  /** Calls held so far ('hold-gas-price'). */
  held: number
  close(): Promise<void>
}

export async function startSendGate(target: string): Promise<SendGate> {
  const gate: SendGate = { url: '', mode: 'pass', sent: [], held: 0, close: async () => {} }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let method = ''
      try {
        const call = JSON.parse(body) as { method?: string; params?: unknown[] }
        method = String(call.method)
        if (method === 'eth_sendRawTransaction') gate.sent.push(String(call.params?.[0]))
      } catch {
        // not a single call: forwarded as it is
      }
      const sending = method === 'eth_sendRawTransaction'
      if (sending && gate.mode === 'hold') return
      if (method === 'eth_gasPrice' && gate.mode === 'hold-gas-price') {
        gate.held++
        return
      }
      try {
        const answer = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        const text = await answer.text()
        if (sending && gate.mode === 'lose-answer') return
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text)
      } catch {
        response.writeHead(502).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  gate.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return gate
}
