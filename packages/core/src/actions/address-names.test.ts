// Names of addresses against our real server (a fresh database, anvil as chain 1): a list of
// rows asks once per address, answers are kept for the spec's 5 minutes, a failed ask is not
// kept, and the connected account gets its name without Account opening.
import { closedPortUrl, freshAccount, registeredName } from '@portico/test-kit'
import { serverPerFile } from '@portico/test-kit/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpClient } from '../api/http'
import { createNamesApi, type NamesApi } from '../api/names'
import { CACHE_TTL_NAME_LOOKUP_MS } from '../constants'
import { accountStore, getAccount, updateAccount } from '../state/account'
import { addressNamesStore, cachedAddressName } from '../state/address-names'
import { setClock } from '../time/clock'
import { loadConnectedAccountName, lookUpAddressName, requestAddressNames } from './address-names'

const server = serverPerFile()

const namesApi = (baseUrl = server().url) =>
  createNamesApi(createHttpClient({ baseUrl, projectId: server().projectId }))

/** A client whose reverse lookups go to the real server and are counted. */
function countingClient(api = namesApi()) {
  const namesForAddress = vi.fn<NamesApi['namesForAddress']>((address, options) =>
    api.namesForAddress(address, options),
  )
  return { api: { names: { namesForAddress } }, namesForAddress }
}

const registered = (label: string) => registeredName(server(), label)

afterEach(() => {
  setClock()
  addressNamesStore.reset()
  accountStore.reset()
})

describe('names of addresses', () => {
  it('asks once per address however many rows show it, and keeps the answer 5 minutes', async () => {
    const friend = await registered('row')
    const nameless = freshAccount().address
    const client = countingClient()
    // Three rows with the friend (in two spellings) and one with a nameless address.
    requestAddressNames(client, [friend.address, friend.address.toLowerCase(), nameless])
    requestAddressNames(client, [friend.address, undefined])
    await expect.poll(() => cachedAddressName(nameless)).toBeDefined()
    await expect.poll(() => cachedAddressName(friend.address)?.name).toBe(friend.name)
    expect(cachedAddressName(nameless)?.name).toBeUndefined()
    expect(client.namesForAddress).toHaveBeenCalledTimes(2)

    // Within the lifetime, nothing is asked again; past it, the address is asked again.
    const start = Date.now()
    setClock({
      now: () => start + CACHE_TTL_NAME_LOOKUP_MS - 1_000,
      setTimeout,
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    })
    expect((await lookUpAddressName(client, friend.address))?.name).toBe(friend.name)
    expect(client.namesForAddress).toHaveBeenCalledTimes(2)
    setClock({
      now: () => start + CACHE_TTL_NAME_LOOKUP_MS + 1_000,
      setTimeout,
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    })
    expect((await lookUpAddressName(client, friend.address))?.name).toBe(friend.name)
    expect(client.namesForAddress).toHaveBeenCalledTimes(3)
  })

  it('keeps no failed answer, so the address is asked again later', async () => {
    const friend = await registered('later')
    expect(
      await lookUpAddressName(countingClient(namesApi(await closedPortUrl())), friend.address),
    ).toBeUndefined()
    expect(cachedAddressName(friend.address)).toBeUndefined()
    expect((await lookUpAddressName(countingClient(), friend.address))?.name).toBe(friend.name)
  })

  it('gives the connected account its name, not an account connected since', async () => {
    const me = await registered('button')
    const other = await registered('other')
    updateAccount('eip155', { address: me.address })
    await loadConnectedAccountName(countingClient(), me.address)
    expect(getAccount('eip155').profileName).toBe(me.name)

    // The answer for `other` comes after the visitor moved back to `me`'s account.
    updateAccount('eip155', { address: me.address, profileName: undefined })
    await loadConnectedAccountName(countingClient(), other.address)
    expect(getAccount('eip155').profileName).toBeUndefined()
  })
})
