import { balances, type ScriptedAnswer, scriptedFrameEnvironment } from '@portico/test-kit'
import type { Address } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startEmailLogin, verifyEmailLoginCode } from '../../actions/embedded-wallet-email'
import { sendDraftTransaction } from '../../actions/send-flow'
import type { TokenBalance } from '../../api/blockchain'
import { createPorticoClient, type PorticoClient } from '../../client/create-portico-client'
import { ensureEmbeddedWallet } from '../../connectors/embedded-wallet/embedded-wallet-setup'
import { mainnet } from '../../networks'
import type { LogLevel } from '../../options/option-types'
import { resetEmbeddedWallet } from '../../state/embedded-wallet'
import { closeModal, openModal } from '../../state/modal'
import { networkStore, setActiveNetwork, setRequestedNetworks } from '../../state/network'
import { getRouterView, pushView, resetView } from '../../state/router'
import {
  resetSend,
  sendStore,
  setReceiverAddress,
  setSendAmount,
  setSendToken,
} from '../../state/send'
import { clearMemoryFallback } from '../../storage/fallback-storage'
import type { EmbeddedWalletProvider } from './embedded-wallet-connector'

const alice: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = balances.find((token) => token.symbol === 'USDC') as TokenBalance

/** A logged-in frame that refuses every transaction with `refusal`, as the frame's chain rules do. */
function refusingFrame(refusal: { error: string; code: number }) {
  const requests: unknown[] = []
  const frame = scriptedFrameEnvironment((type, payload): ScriptedAnswer => {
    switch (type) {
      case 'CONNECT_EMAIL':
        return { ok: { action: 'VERIFY_OTP' } }
      case 'GET_USER':
        return {
          ok: {
            email: 'visitor@example.test',
            address: alice,
            chainId: 1,
            smartAccountDeployed: false,
            preferredAccountType: 'eoa',
            accounts: [{ address: alice, type: 'eoa' }],
          },
        }
      case 'RPC_REQUEST':
        requests.push(payload)
        return refusal
      default:
        return { ok: {} }
    }
  })
  return { ...frame, requests }
}

let clients: PorticoClient[] = []
function pageLoad(frame: ReturnType<typeof refusingFrame>, logLevel?: LogLevel) {
  const client = createPorticoClient(
    {
      projectId: 'p1',
      apiUrl: 'http://127.0.0.1:1',
      frameUrl: frame.frameUrl,
      networks: [mainnet],
      ...(logLevel ? { logLevel } : {}),
    },
    { storage: null },
  )
  clients.push(client)
  return { client, embedded: ensureEmbeddedWallet(client, { environment: frame.environment }) }
}

beforeEach(() => {
  clients = []
  resetEmbeddedWallet()
  setRequestedNetworks([mainnet])
  setActiveNetwork(mainnet)
})
afterEach(() => {
  for (const client of clients) client.destroy()
  resetEmbeddedWallet()
  resetSend()
  networkStore.reset()
  closeModal()
  clearMemoryFallback()
})

const TIP_REFUSAL = {
  error:
    'The tip (maxPriorityFeePerGas = 2 gwei) cannot be higher than the fee cap (maxFeePerGas = 1 gwei)',
  code: -32602,
}
const CHAIN_REFUSAL = { error: 'Chain 1 is not supported by the embedded wallet', code: 4902 }

describe("the embedded wallet frame's logs", () => {
  /** The frame's enableLogger query, as the page loaded it. */
  async function frameLogger(logLevel?: LogLevel) {
    const frame = refusingFrame(TIP_REFUSAL)
    const { embedded } = pageLoad(frame, logLevel)
    await embedded.frame.load()
    return new URL(frame.state.mounted[0] ?? '').searchParams.get('enableLogger')
  }

  it("are off at the default level 'error'", async () => {
    expect(await frameLogger()).toBe('false')
  })

  it("are on when the host sets logLevel 'debug'", async () => {
    expect(await frameLogger('debug')).toBe('true')
  })
})

describe('a refusal of the embedded wallet frame', () => {
  it('reaches the host’s provider call with the frame’s message and code, unchanged', async () => {
    const frame = refusingFrame(TIP_REFUSAL)
    const { embedded } = pageLoad(frame)
    const provider = (await embedded.connector.getProvider()) as EmbeddedWalletProvider
    const failure = await provider
      .request({
        method: 'eth_sendTransaction',
        params: [
          { from: alice, to: bob, maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x77359400' },
        ],
      })
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({ message: TIP_REFUSAL.error, code: -32602 })
    expect(frame.requests).toHaveLength(1)
  })

  it('is what the modal’s send shows, word for word, and the draft stays', async () => {
    const frame = refusingFrame(CHAIN_REFUSAL)
    const { client } = pageLoad(frame)
    openModal({ view: 'Connect' })
    await startEmailLogin(client, 'visitor@example.test')
    await verifyEmailLoginCode(client, '123456')
    openModal({ view: 'Account' })
    resetView('Account')
    pushView('Send')
    pushView('SendPreview')
    setSendToken(usdc)
    setSendAmount('0.5')
    setReceiverAddress(bob)
    const sendClient = {
      chain: client.chain,
      api: { blockchain: { fetchBalances: async () => [usdc] } },
    }
    await sendDraftTransaction(sendClient, {
      namespace: 'eip155',
      caipNetworkId: 'eip155:1',
      address: alice,
      caipAddress: `eip155:1:${alice}`,
    })
    expect(sendStore.get()).toMatchObject({
      error: 'Chain 1 is not supported by the embedded wallet',
      loading: false,
      sendTokenAmount: '0.5',
    })
    expect(getRouterView()).toBe('SendPreview')
  }, 10_000)
})
