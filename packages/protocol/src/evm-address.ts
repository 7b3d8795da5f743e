// The shape of an EVM address (0x and 40 hex digits, any case), as a JSON schema pattern and
// as a test. It says nothing of the EIP-55 checksum: whoever needs that checks it with viem.

export const EVM_ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$'

// Marked pure so that a bundle that only needs the pattern drops it.
const EVM_ADDRESS = /* @__PURE__ */ new RegExp(EVM_ADDRESS_PATTERN)

export function isEvmAddressShape(value: string): boolean {
  return EVM_ADDRESS.test(value)
}
