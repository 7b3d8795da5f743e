// The names API client against our real server (a fresh database, anvil as chain 1): a name
// registered with a real signature is read back by name and by address; a refusal gives the
// server's own reason, and a server that cannot be reached the spec's words for each call.
import { evmCoinType, NAME_ZONE } from '@portico/protocol/profile-name'
import { closedPortUrl, freshAccount } from '@portico/test-kit'
import { serverPerFile } from '@portico/test-kit/vitest'
import { describe, expect, it } from 'vitest'
import { createHttpClient } from './http'
import { createNamesApi } from './names'

const server = serverPerFile()

const namesApi = (baseUrl = server().url) =>
  createNamesApi(createHttpClient({ baseUrl, projectId: server().projectId }))

describe('the names API client', () => {
  it('reads a registered name back by name and by address', async () => {
    const account = freshAccount()
    const name = `reader-${account.address.slice(2, 8).toLowerCase()}.${NAME_ZONE}`
    const message = JSON.stringify({
      name,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const signature = await account.signMessage({ message })
    const registered = await namesApi().register(
      { coin_type: evmCoinType(1), address: account.address, message, signature },
      name,
    )

    const resolved = await namesApi().resolveName(name)
    expect(resolved).toEqual(registered)
    expect(resolved.addresses['60']?.address).toBe(account.address)
    expect(await namesApi().namesForAddress(account.address)).toEqual([registered])
    expect(await namesApi().namesForAddress(freshAccount().address)).toEqual([])
  })

  it('gives the server’s reason when it refuses', async () => {
    await expect(namesApi().resolveName(`nobody-here.${NAME_ZONE}`)).rejects.toMatchObject({
      shortMessage: `Name nobody-here.${NAME_ZONE} is not registered`,
    })
    await expect(namesApi().namesForAddress('0x1234')).rejects.toMatchObject({
      shortMessage: 'Invalid address: address must be a 0x-prefixed 20-byte hex address',
    })
  })

  it("says 'Error resolving name' and 'Error fetching names for address' when nothing answers", async () => {
    const api = namesApi(await closedPortUrl())
    await expect(api.resolveName(`alice.${NAME_ZONE}`)).rejects.toMatchObject({
      shortMessage: 'Error resolving name',
    })
    await expect(api.namesForAddress(freshAccount().address)).rejects.toMatchObject({
      shortMessage: 'Error fetching names for address',
    })
  })
})
