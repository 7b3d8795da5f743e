// For the swap flows' tests only: a connected wagmi config whose wallet prompts wait for the
// test (approve with a hash, or reject as a user does), a chain RPC whose receipts the test
// sets, and our server's convert routes answered by the test, call by call, in the shapes of
// @portico/protocol/convert. Nothing in the page imports it.
import { vi } from 'vitest'
import type { HttpClient, RequestOptions } from '../api/http'
import { heldWallet } from './held-wallet'
import { balances } from './swap-test-tokens'

export { balances, ethToken, usdcToken } from './swap-test-tokens'

export const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const ROUTER = '0xb19b36b1456E65E3A6D514D3F715f204BD59f431'

/** One call to our server the test answers when it likes. */
export interface ServerCall {
  method: 'GET' | 'POST'
  path: string
  query: RequestOptions['query']
  body: unknown
  signal: AbortSignal | undefined
  answer(value: unknown): void
  fail(error: unknown): void
}

export async function swapTestClient() {
  const calls: ServerCall[] = []
  const call = (
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<never> =>
    new Promise((resolve, reject) =>
      calls.push({
        method,
        path,
        query: options.query,
        body,
        signal: options.signal,
        answer: resolve as (value: unknown) => void,
        fail: reject,
      }),
    )
  const http: HttpClient = {
    baseUrl: 'http://api.test',
    projectId: 'p1',
    url: (path) => `http://api.test${path}`,
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body, options),
  }
  const receipts = new Map<string, string>()
  const rpc = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    if (method === 'eth_chainId') return '0x1'
    if (method === 'eth_getTransactionReceipt') {
      const status = receipts.get((params as string[])[0] as string)
      return status ? { status } : null
    }
    throw Object.assign(new Error('Method not found'), { code: -32601 })
  })
  const { wagmiConfig, prompts } = await heldWallet({
    account: alice,
    rpc,
    connector: { id: 'test', name: 'Test Wallet' },
  })
  const fetchBalances = vi.fn(async () => balances)
  const client = { wagmiConfig, api: { http, blockchain: { fetchBalances } } }

  /** The next unanswered call to `path`, once the flow has made it. */
  const nextCall = (path: string) =>
    vi.waitFor(() => {
      const found = calls.find((entry) => entry.path === path && !answered.has(entry))
      if (!found) throw new Error(`no call to ${path} yet`)
      answered.add(found)
      return found
    })
  const answered = new Set<ServerCall>()
  /** The wallet's next prompt, once the flow has asked it. */
  const nextPrompt = (index: number) =>
    vi.waitFor(() => {
      const open = prompts[index]
      if (!open) throw new Error('no prompt yet')
      return open
    })
  return { client, calls, nextCall, nextPrompt, receipts, prompts, fetchBalances }
}
