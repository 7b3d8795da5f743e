// A wagmi config connected to a wallet whose eth_sendTransaction is held until the test answers
// it (approve with a hash, reject as a user does, or fail), over the chain RPC the test passes.
import { connect, createConfig, createConnector, custom } from '@wagmi/core'
import { vi } from 'vitest'
import { mainnet } from '../../core/src/networks'

/** A wallet prompt the test answers when it likes, as a user does. */
export interface HeldPrompt {
  /** The transaction the flow asked the wallet to send. */
  params: Record<string, string>
  approve(hash: string): void
  /** The user pressed Reject (4001). */
  reject(): void
  /** The wallet failed on its own (a simulation that reverts, say). */
  fail(error: unknown): void
}

export interface HeldWalletOptions {
  account: `0x${string}`
  /** The chain's RPC, as the flow's reads and receipt polls see it. */
  rpc: (request: { method: string; params?: unknown }) => Promise<unknown>
  /** The connector's id and name, as wagmi lists it. */
  connector: { id: string; name: string }
}

/** Connects a held wallet on Ethereum; the prompts fill as the flow asks the wallet. */
export async function heldWallet({ account, rpc, connector: named }: HeldWalletOptions) {
  const prompts: HeldPrompt[] = []
  const walletProvider = {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
      if (method === 'eth_sendTransaction') {
        return new Promise((resolve, reject) =>
          prompts.push({
            params: (params as Record<string, string>[])[0] as Record<string, string>,
            approve: resolve,
            reject: () =>
              reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
            fail: reject,
          }),
        )
      }
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [account]
      if (method === 'eth_chainId') return '0x1'
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    }),
  }
  const wallet = createConnector<typeof walletProvider>(() => ({
    id: named.id,
    name: named.name,
    type: named.id,
    // wagmi types connect's answer by a generic this fake has no use for.
    connect: async () => ({ accounts: [account], chainId: 1 }) as never,
    async disconnect() {},
    async getAccounts() {
      return [account]
    },
    async getChainId() {
      return 1
    },
    async getProvider() {
      return walletProvider
    },
    async isAuthorized() {
      return true
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  }))
  const wagmiConfig = createConfig({
    chains: [mainnet],
    connectors: [wallet],
    transports: { 1: custom({ request: rpc }) },
    storage: null,
  })
  const [connector] = wagmiConfig.connectors
  if (!connector) throw new Error('no connector')
  await connect(wagmiConfig, { connector })
  return { wagmiConfig, prompts }
}
