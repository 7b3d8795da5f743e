// viem's HTTP transport on its own, for lazy-http-transport.ts to import when the first
// JSON-RPC request is made (a chunk of its own, not the page's).
export { http } from 'viem'
