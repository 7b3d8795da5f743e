// Picking a Solana network from the network list while an EVM wallet is connected, on our real
// server over the local Solana chain. A wallet installed for both namespaces (EIP-6963 and
// wallet-standard under one name) has its Solana side connected and Solana becomes the active
// namespace; an EVM-only wallet is named in a plain refusal and nothing moves.
import { startServerOnSolana } from '@portico/test-kit'
import {
  registerDevSolanaWallet,
  type SolanaTestWallet,
  solanaTestPage,
} from '@portico/test-kit/solana-wallet'
import { type CreateConnectorFn, mock } from '@wagmi/core'
import type { Address } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { switchNetworkFailure } from '../errors/switch-network-failure'
import { mainnet, solana } from '../networks'
import { accountStore, getAccount } from '../state/account'
import { getActiveChainAccount, getActiveNamespace } from '../state/active-namespace'
import { connectionStore } from '../state/connection'
import { networkStore } from '../state/network'
import { createPorticoClient, type PorticoClient } from './create-portico-client'

const alice: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const DUAL = 'Dual Namespace Test Wallet'
const EVM_ONLY = 'EVM Only Test Wallet'

let server: Awaited<ReturnType<typeof startServerOnSolana>>
let solanaSide: SolanaTestWallet
let page: PorticoClient | undefined

beforeAll(async () => {
  server = await startServerOnSolana()
  vi.stubGlobal('window', solanaTestPage())
  // The dual wallet's wallet-standard side; the EVM-only wallet registers none.
  solanaSide = await registerDevSolanaWallet(server.solana, 0, DUAL)
}, 180_000)
afterAll(async () => {
  vi.unstubAllGlobals()
  await server?.stop()
})
beforeEach(() => {
  accountStore.reset()
  connectionStore.reset()
  networkStore.reset()
})
afterEach(() => {
  page?.destroy()
  page = undefined
})

/** An injected EVM wallet called `name` (wagmi's mock connector under that name). */
const evmWallet =
  (name: string): CreateConnectorFn =>
  (config) => ({ ...mock({ accounts: [alice] })(config), id: name, name })

/** A page on Ethereum and Solana, with the EVM wallet called `name` connected. */
async function connectedOnEthereum(name: string): Promise<PorticoClient> {
  page = createPorticoClient(
    { apiUrl: server.url, projectId: server.projectId, networks: [mainnet, solana] },
    { storage: null, connectors: [evmWallet(name)] },
  )
  const connector = connectionStore.get().connectors.find((entry) => entry.name === name)
  if (!connector) throw new Error(`${name} is not on the Connect view`)
  await page.selectConnector(connector)
  expect(getActiveChainAccount()?.caipAddress).toBe(`eip155:1:${alice}`)
  return page
}

describe('switching to a Solana network with an EVM wallet connected', { timeout: 30_000 }, () => {
  it('refuses in plain words when the wallet has no Solana account, and stays on Ethereum', async () => {
    const client = await connectedOnEthereum(EVM_ONLY)
    const prompts = solanaSide.prompts.length
    const error = await client.switchNetwork(solana).catch((caught: unknown) => caught)
    expect((error as Error).message).toBe(`${EVM_ONLY} has no account on Solana.`)
    // What the network list says, with the way back.
    expect(switchNetworkFailure(error, solana, mainnet)).toEqual({
      title: 'Could not switch to Solana',
      message: `${EVM_ONLY} has no account on Solana. You are still on Ethereum.`,
    })
    expect(getActiveNamespace()).toBe('eip155')
    expect(getActiveChainAccount()?.caipAddress).toBe(`eip155:1:${alice}`)
    expect(getAccount('solana').status).not.toBe('connected')
    // Another wallet's Solana side is not asked.
    expect(solanaSide.prompts.length).toBe(prompts)
  })

  it('connects the Solana side of a wallet installed for both, makes it active, and switches back', async () => {
    const client = await connectedOnEthereum(DUAL)
    await client.switchNetwork(solana)
    expect(solanaSide.prompts.at(-1)).toBe('standard:connect')
    expect(getActiveNamespace()).toBe('solana')
    expect(getActiveChainAccount()).toMatchObject({
      namespace: 'solana',
      address: solanaSide.address,
    })
    // Both sides stay connected: back to Ethereum asks nothing more of the Solana side.
    expect(getAccount('eip155').status).toBe('connected')
    const prompts = solanaSide.prompts.length
    await client.switchNetwork(mainnet)
    expect(getActiveChainAccount()?.caipAddress).toBe(`eip155:1:${alice}`)
    await client.switchNetwork(solana)
    expect(getActiveChainAccount()?.address).toBe(solanaSide.address)
    expect(solanaSide.prompts.length).toBe(prompts)
  })
})
