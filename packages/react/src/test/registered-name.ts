// A name in our zone for a fresh key, registered through the real server with that key's own
// signature, as the modal's registration does: what the name views' tests look up.
import { evmCoinType, NAME_ZONE } from '@portico/protocol/profile-name'
import { freshAccount } from '@portico/test-kit'
import type { ChildServer } from './server-in-child'

export async function registeredName(
  server: Pick<ChildServer, 'url' | 'projectId'>,
  label: string,
): Promise<{ name: string; address: string }> {
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
  if (answer.status !== 200) throw new Error(`registering ${name}: ${answer.status}`)
  return { name, address: account.address }
}
