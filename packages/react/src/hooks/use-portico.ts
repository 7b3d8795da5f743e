import { accountStore, connectionStore, networkStore, type RouterView } from '@portico/core'
import { usePorticoClient } from '../context'
import { useStore } from './use-store'

/** Open and close the modal from the host's own UI. */
export function usePortico() {
  const client = usePorticoClient()
  return {
    open: (options?: { view?: RouterView }) => client.open(options),
    close: () => client.close(),
  }
}

/** The connected EVM account as the modal sees it. */
export function usePorticoAccount() {
  const status = useStore(connectionStore, (state) => state.status)
  const account = useStore(accountStore, (state) => state.byNamespace.eip155)
  return {
    status,
    isConnected: status === 'connected',
    address: account?.address,
    caipAddress: account?.caipAddress,
  }
}

/** The active network, and whether the wallet sits on one the app did not request. */
export function usePorticoNetwork() {
  const network = useStore(networkStore, (state) => state.activeCaipNetwork)
  const unsupportedChainId = useStore(networkStore, (state) => state.unsupportedChainId)
  return { network, unsupportedChainId, isSupported: unsupportedChainId === undefined }
}
