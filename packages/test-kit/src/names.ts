// For the names tests of core and react: a name in our zone registered through a real server
// with a fresh key's own signature (as the modal's registration does), and a local address
// nothing listens on, where a lookup finds no server.
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
  const answer = await fetch(`${server.url}/v1/profile/account?projectId=${server.projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: evmCoinType(1),
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  if (answer.status !== 200) {
    throw new Error(`registering ${name}: ${answer.status} ${await answer.text()}`)
  }
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
