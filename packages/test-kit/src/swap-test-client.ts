// For the swap flows' tests: a connected wagmi config whose wallet prompts wait for the test
// (approve with a hash, or reject as a user does), a chain RPC whose receipts the test sets, and
// our server's convert routes answered by the test, call by call, in the shapes of
// @portico/protocol/convert (`answer` takes the route's answer type, so a changed contract breaks
// the test).
import type {
  ConvertAllowanceAnswer,
  ConvertBuildApproveAnswer,
  ConvertBuildTransactionAnswer,
  ConvertGasPriceAnswer,
  ConvertQuotesAnswer,
  ConvertTokensAnswer,
} from '@portico/protocol/convert'
import {
  CONVERT_ALLOWANCE_PATH,
  CONVERT_BUILD_APPROVE_PATH,
  CONVERT_BUILD_TRANSACTION_PATH,
  CONVERT_GAS_PRICE_PATH,
  CONVERT_QUOTES_PATH,
  CONVERT_TOKENS_PATH,
} from '@portico/protocol/route-paths'
import { vi } from 'vitest'
import { createEvmChainAdapter } from '../../core/src/adapters/evm/evm-chain-adapter'
import type { HttpClient, RequestOptions } from '../../core/src/api/http'
import { heldWallet } from './held-wallet'
import { balances } from './swap-tokens'

export const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** What each convert route answers, as @portico/protocol declares it. */
export interface ConvertAnswers {
  [CONVERT_TOKENS_PATH]: ConvertTokensAnswer
  [CONVERT_QUOTES_PATH]: ConvertQuotesAnswer
  [CONVERT_ALLOWANCE_PATH]: ConvertAllowanceAnswer
  [CONVERT_GAS_PRICE_PATH]: ConvertGasPriceAnswer
  [CONVERT_BUILD_APPROVE_PATH]: ConvertBuildApproveAnswer
  [CONVERT_BUILD_TRANSACTION_PATH]: ConvertBuildTransactionAnswer
}

/** One call to our server the test answers when it likes, with the route's own answer shape. */
export interface ServerCall<Answer = unknown> {
  method: 'GET' | 'POST'
  path: string
  query: RequestOptions['query']
  body: unknown
  signal: AbortSignal | undefined
  answer(value: Answer): void
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
  const client = {
    chain: async () => createEvmChainAdapter(wagmiConfig),
    api: { http, blockchain: { fetchBalances } },
  }

  /** The next unanswered call to `path`, once the flow has made it. */
  const nextCall = <Path extends keyof ConvertAnswers>(
    path: Path,
  ): Promise<ServerCall<ConvertAnswers[Path]>> =>
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
