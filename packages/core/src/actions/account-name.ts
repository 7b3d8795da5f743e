// An address's registered name (and its avatar) read through identity, for Account and the
// connect button. Apart from registration, so Account's chunk does not carry the signing code.
import type { PorticoApi } from '../api/portico-api'
import { updateAccount } from '../state/account'

/** The address's registered name (and avatar) on Account and the connect button. */
export async function loadAccountName(client: { api: PorticoApi }, address: string): Promise<void> {
  try {
    const identity = await client.api.blockchain.fetchIdentity(address)
    // A nameless answer may be the browser's copy from before a registration (identity is
    // cacheable for 5 min): it never takes away a name this page registered.
    if (identity.name === null) return
    updateAccount('eip155', {
      profileName: identity.name,
      profileImage: identity.avatar ?? undefined,
    })
  } catch {
    // Without the name the address is shown, as before; the spec's words for a failed lookup
    // are the modal's to show where a name is asked for, not here.
  }
}
