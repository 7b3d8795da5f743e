// What each wallet error code the spec lists means, in plain words, for a wallet that gives
// the code without a message of its own (or only viem's 'An unknown RPC error occurred.').
// EIP-1193 (4xxx), EIP-5792 (57xx), JSON-RPC 2.0 and EIP-1474 (-32xxx); 5000 to 5002 are
// WalletConnect's own refusals (its SDK's USER_REJECTED, _CHAINS and _METHODS), which
// isUserRejection counts as the visitor saying no.

const MEANINGS: Readonly<Record<number, string>> = {
  4001: 'The request was declined in the wallet',
  4100: 'The wallet has not allowed this site to do that yet',
  4200: 'The wallet does not support this request',
  4900: 'The wallet is not connected to any network',
  4901: 'The wallet is not connected to this network',
  4902: 'The wallet does not know this network',
  5000: 'The request was declined in the wallet',
  5001: 'The networks asked for were declined in the wallet',
  5002: 'The requests asked for were declined in the wallet',
  5700: 'The wallet does not support a capability this request needs',
  5710: 'The wallet does not support this network for this request',
  5720: 'A batch with this id was already sent',
  5730: 'The wallet does not know this batch',
  5740: 'The batch is too large for the wallet',
  5750: 'The wallet needs an upgrade for this batch, and the upgrade was declined',
  5760: 'The wallet cannot run this batch all at once, as the request requires',
  [-32700]: 'The wallet could not read the request',
  [-32600]: 'The request was not a valid request',
  [-32601]: 'The wallet does not support this request',
  [-32602]: 'The request had invalid values',
  [-32603]: 'The wallet ran into an internal error',
  [-32000]: 'The wallet refused the request as invalid',
  [-32001]: 'The wallet could not find what was asked for',
  [-32002]: 'The wallet is busy: try again in a moment',
  [-32003]: 'The wallet could not create the transaction',
  [-32004]: 'The wallet does not support this method',
  [-32005]: 'Too many requests: try again in a moment',
  [-32006]: 'The wallet does not support this version of the request format',
  32603: 'Invalid chain id',
}

/** The plain meaning of a wallet error code the spec lists; undefined for any other. */
export function walletErrorMeaning(code: number): string | undefined {
  return MEANINGS[code]
}
