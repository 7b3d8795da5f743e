// Which JSON-RPC methods the public proxy forwards: chain reads and raw-transaction sends
// (eth_*, net_*, web3_*), never methods that would use keys held by the node (an anvil
// devnet holds unlocked accounts) nor node administration (anvil_*, debug_*, admin_*...).

const FORWARDED_PREFIXES = ['eth_', 'net_', 'web3_'] as const

const NODE_KEY_METHODS: ReadonlySet<string> = new Set([
  'eth_sendTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
])

export function isForwardedRpcMethod(method: string): boolean {
  return (
    FORWARDED_PREFIXES.some((prefix) => method.startsWith(prefix)) && !NODE_KEY_METHODS.has(method)
  )
}
