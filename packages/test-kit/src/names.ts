// For the names tests of core and react: a name in our zone registered through a real server
// with a fresh key's own signature (as the modal's registration does), and a local address
// nothing listens on, where a lookup finds no server.
import { request } from 'node:http'
import { createServer } from 'node:net'
import { evmCoinType, NAME_ZONE } from '@portico/protocol/profile-name'
import { freshAccount } from './dev-accounts'

/** `{label}-{6 hex of the key}.portico.id` for a fresh key, registered on `server` (chain 1). */
export async function registeredName(
  server: { url: string; projectId: string },
  label: string,
): Promise<{ name: string; address: `0x${string}` }> {
  const account = freshAccount()
  const name = `${label}-${account.address.slice(2, 8).toLowerCase()}.${NAME_ZONE}`
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const answer = await postJson(`${server.url}/v1/profile/account?projectId=${server.projectId}`, {
    coin_type: evmCoinType(1),
    address: account.address,
    message,
    signature: await account.signMessage({ message }),
  })
  if (answer.status !== 200) throw new Error(`registering ${name}: ${answer.status} ${answer.body}`)
  return { name, address: account.address }
}

/** A local URL whose port nothing listens on: a call there is refused at once. */
export async function closedPortUrl(): Promise<string> {
  const listener = createServer()
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  const { port } = listener.address() as { port: number }
  await new Promise<void>((resolve) => listener.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/**
 * A POST through Node's own HTTP client: the set-up is the test's, not the page's. In a DOM test
 * environment the global fetch is the environment's (with its preflights and caches); under it
 * a registration was twice answered 404 'Not found' in CI, in React tests only, never in core's.
 */
function postJson(url: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (incoming) => {
        let text = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk: string) => {
          text += chunk
        })
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }))
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(JSON.stringify(body))
  })
}
