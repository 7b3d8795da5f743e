// The address that stands for an EVM chain's native coin where a token address is expected
// (ERC-7528), so that every balance and price entry has a CAIP-10 id (`eip155:1:0xEeee...EEeE`).
// Plain text, no schema library: the browser imports it.

export const NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const
