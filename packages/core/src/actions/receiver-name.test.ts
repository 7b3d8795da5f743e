// A receiver typed as a name, against our real server (a fresh database, anvil as chain 1): a
// name registered with a real signature resolves to its address, an unknown one gives the
// server's reason, a server that cannot be reached the spec's words, and only the newest input's
// answer lands in the draft.
import { NAME_ZONE } from '@portico/protocol/profile-name'
import { closedPortUrl, registeredName } from '@portico/test-kit'
import { serverPerFile } from '@portico/test-kit/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHttpClient } from '../api/http'
import { createNamesApi, type NamesApi } from '../api/names'
import { RECEIVER_NAME_WAIT_MS } from '../constants'
import { mainnet } from '../networks'
import { setActiveNetwork } from '../state/network'
import {
  ReceiverNameError,
  ReceiverNameResolvingError,
  resetSend,
  sendDraftError,
  sendStore,
  setSendAmount,
  setSendToken,
} from '../state/send'
import { setClock } from '../time/clock'
import { isReceiverName, typeReceiver } from './receiver-name'

const server = serverPerFile()

const namesApi = (baseUrl = server().url) =>
  createNamesApi(createHttpClient({ baseUrl, projectId: server().projectId }))

/** `label` in our zone for a fresh key, registered with its own signature. */
const registered = (label: string) => registeredName(server(), label)

const eth = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}

/** The clock's waits, fired when the test says the field has rested. */
const waits = new Map<number, { callback: () => void; ms: number }>()
let nextWait = 0
function rest() {
  const due = [...waits.values()]
  waits.clear()
  for (const { callback } of due) callback()
}

const draftProblem = () => sendDraftError(sendStore.get(), 'eip155')
const settled = () => expect.poll(() => sendStore.get().resolvingReceiverName).toBe(false)

beforeEach(() => {
  setClock({
    now: () => Date.now(),
    setTimeout: (callback, ms) => {
      nextWait += 1
      waits.set(nextWait, { callback, ms })
      return nextWait
    },
    clearTimeout: (handle) => waits.delete(handle as number),
  })
  setActiveNetwork(mainnet)
  setSendToken(eth)
  setSendAmount('0.1')
})
afterEach(() => {
  setClock()
  waits.clear()
  resetSend()
  setActiveNetwork(undefined)
})

describe('a receiver typed as a name', () => {
  it('tells names from addresses', () => {
    expect(isReceiverName(`alice.${NAME_ZONE}`)).toBe(true)
    expect(isReceiverName(' vitalik.eth ')).toBe(true)
    expect(isReceiverName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    expect(isReceiverName('alice')).toBe(false)
    expect(isReceiverName('alice..id')).toBe(false)
  })

  it('resolves to the address the name holds, and the draft can be sent to it', async () => {
    const friend = await registered('friend')
    typeReceiver({ api: { names: namesApi() } }, friend.name)
    rest()
    // Until the answer: no address, and the draft waits.
    expect(sendStore.get().receiverAddress).toBeUndefined()
    expect(draftProblem()).toBeInstanceOf(ReceiverNameResolvingError)
    await settled()
    expect(sendStore.get()).toMatchObject({
      receiverProfileName: friend.name,
      receiverAddress: friend.address,
      receiverNameError: undefined,
    })
    expect(draftProblem()).toBeUndefined()
  })

  it('gives the server’s reason for a name nobody registered', async () => {
    const name = `nobody-${Date.now().toString(36)}.${NAME_ZONE}`
    typeReceiver({ api: { names: namesApi() } }, name)
    rest()
    await settled()
    expect(sendStore.get().receiverAddress).toBeUndefined()
    const problem = draftProblem()
    expect(problem).toBeInstanceOf(ReceiverNameError)
    expect(problem?.shortMessage).toBe(`Name ${name} is not registered`)
  })

  it("says 'Error resolving name' when the server cannot be reached", async () => {
    typeReceiver({ api: { names: namesApi(await closedPortUrl()) } }, `alice.${NAME_ZONE}`)
    rest()
    await settled()
    expect(draftProblem()?.shortMessage).toBe('Error resolving name')
  })

  it('asks once the field has rested 300 ms, and only for the newest input', async () => {
    const api = namesApi()
    const resolveName = vi.fn<NamesApi['resolveName']>((name, options) =>
      api.resolveName(name, options),
    )
    const friend = await registered('typed')
    // Typed letter by letter: one ask, for the whole name, once the field rests.
    for (let end = 8; end <= friend.name.length; end += 1)
      typeReceiver({ api: { names: { resolveName } } }, friend.name.slice(0, end))
    expect([...waits.values()].map(({ ms }) => ms)).toEqual([RECEIVER_NAME_WAIT_MS])
    expect(resolveName).not.toHaveBeenCalled()
    rest()
    await settled()
    expect(resolveName.mock.calls.map(([name]) => name)).toEqual([friend.name])
    expect(sendStore.get().receiverAddress).toBe(friend.address)
  })

  it('never lets an older answer overwrite a newer input', async () => {
    const api = namesApi()
    const first = await registered('first')
    const second = await registered('second')
    // The first name's answer is held until the second name has been typed and answered.
    let releaseFirst = () => {}
    const held = new Promise<void>((resolve) => {
      releaseFirst = resolve
    })
    let firstAnswered: Promise<unknown> = Promise.resolve()
    const resolveName: NamesApi['resolveName'] = (name, options) => {
      const answer = api.resolveName(name, options).then(async (account) => {
        if (name === first.name) await held
        return account
      })
      if (name === first.name) firstAnswered = answer.catch(() => undefined)
      return answer
    }
    const client = { api: { names: { resolveName } } }
    typeReceiver(client, first.name)
    rest()
    typeReceiver(client, second.name)
    rest()
    await settled()
    releaseFirst()
    await firstAnswered
    expect(sendStore.get()).toMatchObject({
      receiverProfileName: second.name,
      receiverAddress: second.address,
    })

    // An address typed over a name still waiting to be looked up stays the receiver.
    typeReceiver(client, first.name)
    typeReceiver(client, second.address)
    expect(waits.size).toBe(0)
    expect(sendStore.get()).toMatchObject({
      receiverProfileName: undefined,
      receiverAddress: second.address,
      resolvingReceiverName: false,
    })
  })
})
