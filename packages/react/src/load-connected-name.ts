// The connected account's name for the connect button, in a chunk of its own the button loads
// once an account is connected (a reload included): the API client comes with it, never with
// the page itself.
import { loadConnectedAccountName, type PorticoClient, withApi } from '@portico/core'

export function loadConnectedName(client: PorticoClient, address: string): Promise<void> {
  return loadConnectedAccountName(withApi(client), address)
}
