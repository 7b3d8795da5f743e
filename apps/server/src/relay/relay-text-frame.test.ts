// Frames written past ws's sender arrive at a real ws client as the same text messages, in
// order with the ones ws writes itself (pings, non-ASCII text, long text).
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { sendTextFrame } from './relay-text-frame'

let server: WebSocketServer | undefined
afterEach(async () => {
  // A server's close waits for its connections: end them first, so a failing test ends too.
  for (const socket of server?.clients ?? []) socket.terminate()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
})

async function connectedPair(): Promise<{ relaySide: WebSocket; client: WebSocket }> {
  const listening = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  server = listening
  await new Promise<void>((resolve) => listening.once('listening', () => resolve()))
  const { port } = listening.address() as AddressInfo
  const accepted = new Promise<WebSocket>((resolve) => listening.once('connection', resolve))
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false })
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve())
    client.once('error', reject)
  })
  return { relaySide: await accepted, client }
}

describe('sendTextFrame', () => {
  it('delivers short, 16-bit-length, long and non-ASCII texts intact and in order', async () => {
    const { relaySide, client } = await connectedPair()
    const texts = [
      '{"id":1,"result":true}',
      'x'.repeat(125),
      'y'.repeat(126),
      `{"message":"${'A'.repeat(500)}"}`,
      'z'.repeat(65_535),
      'w'.repeat(65_536),
      '{"message":"héllo ✓"}',
      '',
    ]
    // What the client saw, in order: each text, and 'ping' where ws's own ping came
    const received: string[] = []
    client.on('ping', () => received.push('ping'))
    const all = new Promise<void>((resolve, reject) => {
      // A malformed frame makes the client close the connection.
      client.once('close', (code) =>
        reject(new Error(`the client closed the connection (${code})`)),
      )
      client.on('message', (data, isBinary) => {
        expect(isBinary).toBe(false)
        received.push(data.toString())
        if (received.length === texts.length + 1) resolve()
      })
    })
    for (const [index, text] of texts.entries()) {
      sendTextFrame(relaySide, text)
      if (index === 2) relaySide.ping()
    }
    await all
    expect(received).toEqual([...texts.slice(0, 3), 'ping', ...texts.slice(3)])
  })
})
