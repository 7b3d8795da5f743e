// The names of addresses, for Activity's counterparties and the connect button: each address is
// asked of the server (the reverse lookup) at most once per name lookup lifetime, however many
// rows or buttons show it, and asks already on their way are shared.
import type { NamesApi } from '../api/names'
import { getAccount, updateAccount } from '../state/account'
import { type AddressName, cachedAddressName, rememberAddressName } from '../state/address-names'

export interface AddressNamesClient {
  api: { names: Pick<NamesApi, 'namesForAddress'> }
}

const asking = new Map<string, Promise<AddressName | undefined>>()

/**
 * The address's name (cached, or asked once). A failed ask gives undefined and is not kept, so
 * a later showing asks again; its reason ('Error fetching names for address') is not shown
 * where an address can stand in for the name.
 */
export function lookUpAddressName(
  client: AddressNamesClient,
  address: string,
): Promise<AddressName | undefined> {
  const cached = cachedAddressName(address)
  if (cached) return Promise.resolve(cached)
  const key = address.toLowerCase()
  const pending = asking.get(key)
  if (pending) return pending
  const ask = client.api.names
    .namesForAddress(address)
    .then(([first]) => {
      rememberAddressName(address, { name: first?.name, avatar: first?.attributes.avatar })
      return cachedAddressName(address)
    })
    .catch(() => undefined)
    .finally(() => asking.delete(key))
  asking.set(key, ask)
  return ask
}

/** Asks for the names of `addresses` not known yet, each once (Activity's rows). */
export function requestAddressNames(
  client: AddressNamesClient,
  addresses: Iterable<string | undefined>,
): void {
  for (const address of new Set([...addresses].flatMap((entry) => (entry ? [entry] : []))))
    void lookUpAddressName(client, address)
}

/**
 * The connected account's name on the connect button, read as soon as it is connected (a
 * reload included), not only once Account opens. The reverse lookup, not identity: identity's
 * answer may be the browser's copy from before a name was registered.
 */
export async function loadConnectedAccountName(
  client: AddressNamesClient,
  address: string,
): Promise<void> {
  const found = await lookUpAddressName(client, address)
  // The answer may come after the visitor disconnected or moved to another account.
  if (!found?.name || getAccount('eip155').address?.toLowerCase() !== address.toLowerCase()) return
  updateAccount('eip155', { profileName: found.name, profileImage: found.avatar })
}
