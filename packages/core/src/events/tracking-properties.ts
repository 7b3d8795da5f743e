// The properties every tracking event carries (docs/product.md#entities): the active network and
// whether the account is a smart account. Read from the stores when the event happens.
import { getAccount } from '../state/account'
import { connectionStore } from '../state/connection'
import { networkStore } from '../state/network'
import { readStored } from '../storage'

/** An embedded-wallet (AUTH) account set to smart account: its signatures may not verify. */
export function isSmartAccount(): boolean {
  const connectorId = getAccount('eip155').connectedWalletInfo?.identifier
  const connector = connectionStore.get().connectors.find((entry) => entry.id === connectorId)
  return connector?.type === 'AUTH' && readStored('preferredAccountType') === 'smartAccount'
}

export type TrackingProperties = {
  /** CAIP-2 id of the active network, if any. */
  network: string | undefined
  isSmartAccount: boolean
}

export function trackingProperties(): TrackingProperties {
  return {
    network: networkStore.get().activeCaipNetwork?.caipNetworkId,
    isSmartAccount: isSmartAccount(),
  }
}
