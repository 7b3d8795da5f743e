// The Solana adapter as the client gets it: its own import() from the client's actions when a
// Solana network is configured, and every read and send through our real server's RPC proxy
// (on the local Solana chain), as in a page.

import { SOLANA_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/solana-address'
import { startServerOnSolana } from '@portico/test-kit'
import {
  type SolanaTestWallet,
  solanaTestPage,
  solanaTestWallet,
} from '@portico/test-kit/solana-wallet'
import { serverPerFile } from '@portico/test-kit/vitest'
import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClientActions } from '../../client/client-actions'
import type { CaipNetwork } from '../../networks'
import { mainnet, solana } from '../../networks'
import { createEvmConfig } from '../evm/wagmi-config'

const serverOf = serverPerFile(startServerOnSolana)
let server: Awaited<ReturnType<typeof startServerOnSolana>>
let user: SolanaTestWallet

beforeAll(async () => {
  server = serverOf()
  // After the server: its embedded database takes a defined window for a browser.
  vi.stubGlobal('window', solanaTestPage())
  const third = server.solana.accounts[2]
  if (!third) throw new Error('no dev account')
  user = await solanaTestWallet({
    privateKey: third.privateKey,
    rpcUrl: server.solana.rpcUrl,
    name: 'Proxy Test Wallet',
  })
  user.register()
})
afterAll(() => {
  vi.unstubAllGlobals()
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
      token: {
        name: 'Solana',
        symbol: 'SOL',
        chainId: solana.caipNetworkId,
        address: `${solana.caipNetworkId}:${SOLANA_NATIVE_TOKEN_ADDRESS}`,
        quantity: { decimals: '9', numeric: '1000' },
        iconUrl: '',
      },
      amount: '0.1',
      units: 100_000_000n,
      receiver,
    })
    expect(await adapter.estimateTransferFee(transfer)).toBe(5000n)
    await adapter.waitForTransfer(account, await adapter.sendTransfer(transfer))
    const chain = createSolanaRpc(server.solana.rpcUrl)
    expect((await chain.getBalance(receiver).send()).value).toBe(100_000_000n)
  })
})
