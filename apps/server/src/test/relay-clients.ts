// WalletConnect SignClients for relay tests: each with its own in-memory storage and storage
// prefix (so two clients in one process do not share one Core), no telemetry, silent logs.
import { randomBytes } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import { DEV_PROJECT_ID } from '../projects/dev-project'

type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>

class MemoryStorage {
  readonly #entries = new Map<string, unknown>()
  async getKeys() {
    return [...this.#entries.keys()]
  }
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.#entries.entries()] as [string, T][]
  }
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.#entries.get(key) as T | undefined
  }
  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.#entries.set(key, structuredClone(value))
  }
  async removeItem(key: string): Promise<void> {
    this.#entries.delete(key)
  }
}

export const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const FIXED_SIGNATURE = `0x${'ab'.repeat(65)}`

export async function createSignClient(
  relayUrl: string,
  name: string,
): Promise<SignClientInstance> {
  return SignClient.init({
    projectId: DEV_PROJECT_ID,
    relayUrl,
    customStoragePrefix: `${name}-${randomBytes(6).toString('hex')}`,
    telemetryEnabled: false,
    logger: 'silent',
    storage: new MemoryStorage(),
    metadata: {
      name: `Portico relay test ${name}`,
      description: 'relay test client',
      url: 'http://localhost',
      icons: [],
    },
  })
}

export type TestSignClient = SignClientInstance

export interface WalletActs {
  /** The methods of the requests the wallet got, in order. */
  requests: string[]
  /** Responses the relay has accepted (respond() resolved). */
  answered: number
  /** What an approve() or respond() rejected with: kept here, not left as an unhandled rejection. */
  failures: unknown[]
  /**
   * Resolves once every approval and response begun so far is accepted or failed. A test that ends when the
   * dapp has the response waits on this before closing the wallet: the dapp can get the response
   * before the wallet gets the relay's answer to its publish (across instances, over Redis), and
   * a publish whose answer is lost with the socket makes the SDK reject respond() a minute later,
   * in whatever test then runs in this worker.
   */
  settled(): Promise<void>
}

/** The wallet approves every proposal for eip155:1 and answers every request with a fixed value. */
export function actAsWallet(wallet: TestSignClient): WalletActs {
  const publishing = new Set<Promise<void>>()
  const acts: WalletActs = {
    requests: [],
    answered: 0,
    failures: [],
    settled: async () => {
      while (publishing.size > 0) await Promise.all(publishing)
    },
  }
  const track = (publish: Promise<unknown>, onAccepted: () => void) => {
    const tracked = publish
      .then(onAccepted, (error: unknown) => {
        acts.failures.push(error)
      })
      .finally(() => publishing.delete(tracked))
    publishing.add(tracked)
  }
  wallet.on('session_proposal', (proposal) => {
    const approval = wallet.approve({
      id: proposal.id,
      namespaces: {
        eip155: {
          chains: ['eip155:1'],
          accounts: [`eip155:1:${EVM_ADDRESS}`],
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    })
    track(approval, () => {})
  })
  wallet.on('session_request', (event) => {
    acts.requests.push(event.params.request.method)
    const response = wallet.respond({
      topic: event.topic,
      response: { id: event.id, jsonrpc: '2.0', result: FIXED_SIGNATURE },
    })
    track(response, () => {
      acts.answered += 1
    })
  })
  return acts
}

/** Pairs the dapp with the wallet through the relay and waits for the approved session. */
export async function pairAndApprove(dapp: TestSignClient, wallet: TestSignClient) {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: {
        chains: ['eip155:1'],
        methods: ['personal_sign'],
        events: ['accountsChanged', 'chainChanged'],
      },
    },
  })
  if (!uri) throw new Error('connect gave no uri')
  await wallet.pair({ uri })
  return approval()
}

export function personalSign(dapp: TestSignClient, topic: string): Promise<unknown> {
  return dapp.request({
    topic,
    chainId: 'eip155:1',
    request: { method: 'personal_sign', params: ['0x68656c6c6f', EVM_ADDRESS] },
  })
}

export async function stopSignClient(client: TestSignClient | undefined): Promise<void> {
  if (!client) return
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
}
