// The Solana adapter as the client gets it: its own import() from the client's actions when a
// Solana network is configured, and every read and send through our real server's RPC proxy
// (on the local Solana chain), as in a page.
import { startServerOnSolana } from '@portico/test-kit'
import {
  registerDevSolanaWallet,
  type SolanaTestWallet,
  solanaTestPage,
  solanaToken,
} from '@portico/test-kit/solana-wallet'
import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClientActions } from '../../client/client-actions'
import { createPorticoClient } from '../../client/create-portico-client'
import { type CaipNetwork, mainnet, solana } from '../../networks'
import { accountStore, getAccount } from '../../state/account'
import { getActiveChainAccount } from '../../state/active-namespace'
import { connectionStore } from '../../state/connection'
import { loadNamespaceWallets } from '../../wallets/namespace-wallets'
import { createEvmConfig } from '../evm/wagmi-config'

let server: Awaited<ReturnType<typeof startServerOnSolana>>
let user: SolanaTestWallet

// A server, its database and a chain: three minutes, as the server's own set-ups get on a busy
// machine (the embedded database's first creation alone took 90 s under load here).
beforeAll(async () => {
  server = await startServerOnSolana()
  // After the server: its embedded database takes a defined window for a browser.
  vi.stubGlobal('window', solanaTestPage())
  user = await registerDevSolanaWallet(server.solana, 2, 'Proxy Test Wallet')
}, 180_000)
afterAll(async () => {
  vi.unstubAllGlobals()
  await server?.stop()
})

function actionsWith(networks: CaipNetwork[]) {
  const settings = { apiUrl: server.url, projectId: server.projectId }
  const config = createEvmConfig({ ...settings, networks, storage: null })
  return createClientActions({ config, reconnect: async () => {} }, { ...settings, networks })
}

describe('the Solana adapter from the client', () => {
  it('is not there when no Solana network is configured', async () => {
    await expect(actionsWith([mainnet]).chain('solana')).rejects.toThrow('Unsupported chain')
  })

  it('loads for a configured Solana network and sends SOL through our RPC proxy', async () => {
    const actions = actionsWith([mainnet, solana])
    const [adapter, again] = await Promise.all([actions.chain('solana'), actions.chain('solana')])
    expect(adapter.namespace).toBe('solana')
    expect(again).toBe(adapter)
    await adapter.connect('solana:Proxy Test Wallet')
    const [account] = adapter.getAccounts()
    if (!account) throw new Error('not connected')
    expect(await adapter.requestWalletBalances(account)).toBeUndefined()
    const receiver = (await generateKeyPairSigner()).address
    const transfer = adapter.buildTransfer(account, {
      token: solanaToken(solana.caipNetworkId),
      amount: '0.1',
      units: 100_000_000n,
      receiver,
    })
    expect(await adapter.estimateTransferCosts(transfer)).toEqual({ fee: 5000n, rent: 0n })
    await adapter.waitForTransfer(account, await adapter.sendTransfer(transfer))
    const chain = createSolanaRpc(server.solana.rpcUrl)
    expect((await chain.getBalance(receiver).send()).value).toBe(100_000_000n)
  })

  it('lists the wallet for the Connect view, connects it with its SOL balance, and a reload brings it back', async () => {
    const options = { apiUrl: server.url, projectId: server.projectId, networks: [solana, mainnet] }
    // A fresh page: the account the test above connected is not in its memory.
    accountStore.set({ byNamespace: {} })
    const page = createPorticoClient(options, { storage: null })
    await loadNamespaceWallets(page)
    const connector = connectionStore
      .get()
      .connectors.find((entry) => entry.id === 'solana:Proxy Test Wallet')
    if (!connector) throw new Error('the wallet is not in the Connect list')
    await page.selectConnector(connector)
    expect(connectionStore.get().status).toBe('connected')
    expect(getActiveChainAccount()?.address).toBe(user.address)
    // The connect button's balance: the server's balance API, read from the chain.
    const lamports = (
      await createSolanaRpc(server.solana.rpcUrl)
        .getBalance(user.address as never)
        .send()
    ).value
    await vi.waitFor(() => expect(getAccount('solana').balanceSymbol).toBe('SOL'))
    expect(Number(getAccount('solana').balance)).toBeCloseTo(Number(lamports) / 1e9, 6)
    page.destroy()

    // The next load: nothing in memory, the wallet still installed and the site authorised.
    accountStore.set({ byNamespace: {} })
    connectionStore.set({ status: 'disconnected' })
    const prompts = user.prompts.length
    const next = createPorticoClient(options, { storage: null })
    await next.start()
    expect(connectionStore.get().status).toBe('connected')
    expect(getAccount('solana')).toMatchObject({ address: user.address, status: 'connected' })
    expect(user.prompts.length).toBe(prompts)
    await vi.waitFor(() => expect(getAccount('solana').balanceSymbol).toBe('SOL'))
    next.destroy()
  })
})
