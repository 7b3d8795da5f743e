import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { base, mainnet, solana, solanaDevnet } from '../networks'
import {
  clearNetwork,
  isNetworkRequested,
  networkStore,
  onNamespaceSwitch,
  setActiveNetwork,
  setApprovedNetworkIds,
  setRequestedNetworks,
  setUnsupportedChain,
} from './network'

const stopListening: (() => void)[] = []

/** Stands in for the send store: its draft is reset whenever the namespace switches. */
function watchSendDraftReset() {
  const resetSendDraft = vi.fn()
  stopListening.push(onNamespaceSwitch(resetSendDraft))
  return resetSendDraft
}

beforeEach(() => {
  networkStore.reset()
})

afterEach(() => {
  for (const stop of stopListening.splice(0)) stop()
})

describe('requested and approved networks', () => {
  it('knows which networks the app asked for', () => {
    setRequestedNetworks([mainnet, base])
    expect(isNetworkRequested('eip155:1')).toBe(true)
    expect(isNetworkRequested('eip155:8453')).toBe(true)
    expect(isNetworkRequested('eip155:137')).toBe(false)
    expect(isNetworkRequested(solana.caipNetworkId)).toBe(false)
  })

  it('keeps the ids the wallet approved', () => {
    setApprovedNetworkIds(['eip155:1', 'eip155:8453'])
    expect(networkStore.get().approvedCaipNetworkIds).toEqual(['eip155:1', 'eip155:8453'])
  })
})

describe('active network', () => {
  it('becomes the network the wallet is on', () => {
    setActiveNetwork(mainnet)
    expect(networkStore.get().activeCaipNetwork).toBe(mainnet)
    setActiveNetwork(base)
    expect(networkStore.get().activeCaipNetwork).toBe(base)
  })

  it('leaves the unsupported-chain state once the wallet is on a requested network', () => {
    setActiveNetwork(mainnet)
    setUnsupportedChain(137)
    expect(networkStore.get().unsupportedChainId).toBe(137)
    setActiveNetwork(base)
    expect(networkStore.get().unsupportedChainId).toBeUndefined()
  })

  it('keeps the last active network while the wallet sits on an unsupported chain', () => {
    setActiveNetwork(base)
    setUnsupportedChain(137)
    expect(networkStore.get().activeCaipNetwork).toBe(base)
  })
})

describe('namespace switch', () => {
  it('marks a change to another namespace and resets the send draft once', () => {
    const resetSendDraft = watchSendDraftReset()
    setActiveNetwork(mainnet)
    setActiveNetwork(solana)
    expect(networkStore.get().isSwitchingNamespace).toBe(true)
    expect(resetSendDraft).toHaveBeenCalledTimes(1)
  })

  it('marks and resets again when coming back to the first namespace', () => {
    const resetSendDraft = watchSendDraftReset()
    setActiveNetwork(mainnet)
    setActiveNetwork(solana)
    setActiveNetwork(base)
    expect(networkStore.get().isSwitchingNamespace).toBe(true)
    expect(resetSendDraft).toHaveBeenCalledTimes(2)
  })

  it('keeps the send draft when the network changes within the same namespace', () => {
    const resetSendDraft = watchSendDraftReset()
    setActiveNetwork(mainnet)
    setActiveNetwork(base)
    setActiveNetwork(solana)
    setActiveNetwork(solanaDevnet)
    expect(networkStore.get().isSwitchingNamespace).toBe(false)
    expect(resetSendDraft).toHaveBeenCalledTimes(1)
  })

  it('is not a switch when the first network becomes active', () => {
    const resetSendDraft = watchSendDraftReset()
    setActiveNetwork(solana)
    expect(networkStore.get().isSwitchingNamespace).toBe(false)
    expect(resetSendDraft).not.toHaveBeenCalled()
  })

  it('stops telling a listener that unsubscribed', () => {
    const resetSendDraft = vi.fn()
    const stop = onNamespaceSwitch(resetSendDraft)
    stop()
    setActiveNetwork(mainnet)
    setActiveNetwork(solana)
    expect(resetSendDraft).not.toHaveBeenCalled()
  })

  it('sees the new network when it is told of the switch', () => {
    let seen: string | undefined
    stopListening.push(
      onNamespaceSwitch(() => {
        seen = networkStore.get().activeCaipNetwork?.caipNetworkId
      }),
    )
    setActiveNetwork(mainnet)
    setActiveNetwork(solana)
    expect(seen).toBe(solana.caipNetworkId)
  })
})

describe('clearing the network state on disconnect', () => {
  it('forgets the approved ids, the unsupported chain and the switch mark', () => {
    setRequestedNetworks([mainnet, base])
    setActiveNetwork(mainnet)
    setActiveNetwork(solana)
    setApprovedNetworkIds([solana.caipNetworkId])
    setUnsupportedChain(137)
    clearNetwork()
    expect(networkStore.get()).toMatchObject({
      approvedCaipNetworkIds: [],
      unsupportedChainId: undefined,
      isSwitchingNamespace: false,
    })
  })

  it('keeps the networks the app requested, so the next connection can use them', () => {
    setRequestedNetworks([mainnet, base])
    clearNetwork()
    expect(isNetworkRequested('eip155:8453')).toBe(true)
  })
})
