// The Connect view's wallet request, in a chunk of its own the connect button fetches at the
// visitor's first gesture beside the modal's: core's wallet list and Wallet API client without
// the dialog, so the request leaves before the (larger) modal chunk has arrived.
export { prefetchConnectWallets } from '@portico/core'
