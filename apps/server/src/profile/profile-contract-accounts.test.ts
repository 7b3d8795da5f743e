// Names for contract accounts on anvil: test/contract-account's OwnedAccount accepts what its
// owner's key signed (ERC-1271). Deployed, the server asks it on chain; not deployed yet, the
// signature carries its deployment (ERC-6492) and the server simulates it. A stranger's key is
// refused for either, and nothing is stored.
import { DEV_ACCOUNTS } from '@portico/devnet'
import type { ProfileAccount } from '@portico/protocol/profile'
import { type Address, getAddress, type Hex, serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type CounterfactualAccount,
  deployOwnedAccount,
  prepareCounterfactualAccount,
} from '../test/contract-account'
import { inZone, profileTestClient, storedNames, useProfileRig } from '../test/profile-client'

const rig = useProfileRig({ anvil: true })
const { register, get } = profileTestClient(rig)
const stored = storedNames(rig)
const deployer = DEV_ACCOUNTS[0].privateKey as Hex
const rpcUrl = () => rig().anvil?.rpcUrl as string

describe('a deployed contract account (ERC-1271)', () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())
  let account: Address

  beforeAll(async () => {
    account = getAddress(await deployOwnedAccount(rpcUrl(), deployer, owner.address))
  }, 60_000)

  it("refuses a stranger's signature for it", async () => {
    const before = await stored.read()
    const response = await register(stranger, { name: inZone('smart-one') }, { address: account })
    expect(response.status).toBe(401)
    expect(await stored.read()).toBe(before)
  })

  it("registers with its owner's signature, and the name resolves to the contract", async () => {
    const response = await register(owner, { name: inZone('smart-one') }, { address: account })
    expect(response.status).toBe(200)
    const lookup = await get(`/v1/profile/account/${inZone('smart-one')}`)
    const { addresses } = (await lookup.json()) as ProfileAccount
    expect(addresses['60']?.address).toBe(account)
  })
})

describe('an account not deployed yet (ERC-6492)', () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())
  let counterfactual: CounterfactualAccount
  const wrap = (signature: Hex) =>
    serializeErc6492Signature({
      address: counterfactual.factory,
      data: counterfactual.factoryData,
      signature,
    })

  beforeAll(async () => {
    counterfactual = await prepareCounterfactualAccount(rpcUrl(), deployer, owner.address)
  }, 60_000)

  it("refuses a stranger's wrapped signature", async () => {
    const before = await stored.read()
    const address = getAddress(counterfactual.address)
    const response = await register(stranger, { name: inZone('later') }, { address, wrap })
    expect(response.status).toBe(401)
    expect(await stored.read()).toBe(before)
  })

  it("registers with its owner's wrapped signature", async () => {
    const address = getAddress(counterfactual.address)
    const response = await register(owner, { name: inZone('later') }, { address, wrap })
    expect(response.status).toBe(200)
    const reverse = await get(`/v1/profile/reverse/${address}`)
    expect(((await reverse.json()) as ProfileAccount[]).map(({ name }) => name)).toEqual([
      inZone('later'),
    ])
  })
})
