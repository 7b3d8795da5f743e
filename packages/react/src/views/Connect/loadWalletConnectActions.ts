// The views reach walletConnectActions through this one promise, so its chunk loads once.
let actions: Promise<typeof import('../ConnectingWalletConnect/walletConnectActions')> | undefined

export function loadWalletConnectActions(): Promise<
  typeof import('../ConnectingWalletConnect/walletConnectActions')
> {
  actions ??= import('../ConnectingWalletConnect/walletConnectActions')
  actions.catch(() => {
    actions = undefined
  })
  return actions
}
