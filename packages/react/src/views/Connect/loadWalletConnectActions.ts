// The views reach walletConnectActions through this one promise, so its chunk loads once.
let actions: Promise<typeof import('./walletConnectActions')> | undefined

export function loadWalletConnectActions(): Promise<typeof import('./walletConnectActions')> {
  actions ??= import('./walletConnectActions')
  actions.catch(() => {
    actions = undefined
  })
  return actions
}
