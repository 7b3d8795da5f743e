// A request that arrives on an open keep-alive connection while the server closes gets a 503
// in the error shape. The gate below stands for a slow preClose hook (the relay's goodbye).
import { connect, type Socket } from 'node:net'
import Fastify from 'fastify'
import { expect, it } from 'vitest'
import { installErrorHandling } from './error-handler'
import { refuseRequestsWhileClosing } from './shutdown-refusal'

/** Sends one request on the socket and resolves with the next whole answer (status, JSON body). */
function exchange(socket: Socket, text: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    let received = ''
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8')
      const end = received.indexOf('\r\n\r\n')
      const length = Number(/content-length: (\d+)/i.exec(received)?.[1])
      if (end < 0 || received.length < end + 4 + length) return
      socket.off('data', onData)
      resolve({
        status: Number(received.split(' ')[1]),
        body: JSON.parse(received.slice(end + 4, end + 4 + length)),
      })
    }
    socket.on('data', onData)
    socket.write(text)
  })
}

it('answers a request arriving while the server closes with a 503 in the error shape', async () => {
  const app = Fastify({ forceCloseConnections: true, return503OnClosing: false })
  installErrorHandling(app)
  refuseRequestsWhileClosing(app)
  let openGate = () => {}
  const gate = new Promise<void>((resolve) => {
    openGate = resolve
  })
  let closingStarted = () => {}
  const closing = new Promise<void>((resolve) => {
    closingStarted = resolve
  })
  app.addHook('preClose', async () => {
    closingStarted()
    await gate
  })
  app.get('/ping', async () => ({ ok: true }))
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  const ping = 'GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'
  expect(await exchange(socket, ping)).toEqual({ status: 200, body: { ok: true } })

  const closed = app.close()
  await closing
  expect(await exchange(socket, ping)).toEqual({
    status: 503,
    body: {
      error: { code: 'SHUTTING_DOWN', message: 'The server is shutting down: try again' },
    },
  })
  openGate()
  await closed
})
