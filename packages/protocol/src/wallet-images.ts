// Ids of logos the Wallet API serves that stand for no registry wallet. Plain text, no schema
// library: the browser imports it (wallets.ts, with its schemas, would bring TypeBox along).

/**
 * The image_id of WalletConnect's own logo (/getWalletImage/{id}): the Connect view's
 * WalletConnect row stands for no registry wallet, yet its logo is served like theirs.
 */
export const WALLET_CONNECT_IMAGE_ID = 'walletconnect'
