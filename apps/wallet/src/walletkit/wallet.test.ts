// The wallet module against a real dapp: the unmodified SignClient 2.25 and our WalletKit wallet
// talk through the server's relay; signatures verify with viem, transactions land on anvil.
import { randomBytes } from 'node:crypto'
import { type Devnet, startDevnet } from '@portico/devnet'
import { DEV_ACCOUNTS } from '@portico/devnet/accounts'
import { SignClient } from '@walletconnect/sign-client'
import { getSdkError } from '@walletconnect/utils'
import {
  createPublicClient,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../server/src/test/test-server'
import { MemoryStorage } from '../test/memory-storage'
import { until } from '../test/until'
import { SUPPORTED_CHAIN_IDS, type SupportedChainId } from './chains'
import { DEFAULT_PROJECT_ID, relayUrlOf, type WalletConfig } from './config'
import { USER_REJECTED_CODE, Wallet } from './wallet'
import type { WalletState } from './wallet-state'

type Dapp = Awaited<ReturnType<typeof SignClient.init>>

const DAPP_NAME = 'Wallet test dapp'
const account = DEV_ACCOUNTS[0] as { address: Hex; privateKey: Hex }
const receiver = DEV_ACCOUNTS[1]?.address as Hex

const typedData = {
  domain: { name: 'Portico', version: '1', chainId: 1 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Greeting: [
      { name: 'from', type: 'address' },
      { name: 'text', type: 'string' },
    ],
  },
  primaryType: 'Greeting',
  message: { from: account.address, text: 'Hello from the dapp' },
} as const

describe('the wallet with a dapp over our relay', () => {
  let devnet: Devnet
  let server: TestServer
  let wallet: Wallet
  let dapp: Dapp
  let topic: string
  let rpcUrls: Record<SupportedChainId, string>

  const state = (): WalletState => wallet.getState()
  const nextRequest = () => until(() => state().requests[0])

  function request(method: string, params: unknown, chainId = 'eip155:1'): Promise<unknown> {
    return dapp.request({ topic, chainId, request: { method, params } })
  }

  beforeAll(async () => {
    ;[devnet, server] = await Promise.all([
      startDevnet({ chains: SUPPORTED_CHAIN_IDS.map((chainId) => ({ chainId, port: 0 })) }),
      startTestServer(),
    ])
    rpcUrls = Object.fromEntries(
      devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl]),
    ) as Record<SupportedChainId, string>
    const config: WalletConfig = {
      relayUrl: relayUrlOf(server.url),
      projectId: DEFAULT_PROJECT_ID,
      rpcUrls,
      accountIndex: 0,
      privateKey: account.privateKey,
    }
    ;[wallet, dapp] = await Promise.all([
      Wallet.create({
        config,
        storage: new MemoryStorage(),
        storagePrefix: `wallet-${randomBytes(6).toString('hex')}`,
        logger: 'silent',
      }),
      SignClient.init({
        projectId: DEFAULT_PROJECT_ID,
        relayUrl: config.relayUrl,
        customStoragePrefix: `dapp-${randomBytes(6).toString('hex')}`,
        telemetryEnabled: false,
        logger: 'silent',
        storage: new MemoryStorage(),
        metadata: { name: DAPP_NAME, description: 'test', url: 'http://localhost:3000', icons: [] },
      }),
    ])
  })

  afterAll(async () => {
    await wallet?.stop()
    if (dapp) {
      dapp.core.heartbeat.stop()
      await dapp.core.relayer.transportClose().catch(() => {})
    }
    await Promise.all([server?.stop(), devnet?.stop()])
  })

  it('pairs with a wc: link, shows the proposal and settles the approved session', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:1', 'eip155:8453'],
          methods: [
            'personal_sign',
            'eth_signTypedData_v4',
            'eth_sendTransaction',
            'eth_chainId',
            'wallet_switchEthereumChain',
          ],
          events: ['chainChanged', 'accountsChanged'],
        },
      },
    })
    if (!uri) throw new Error('connect gave no uri')
    // Awaited from before the wallet answers: the SDK drops a settlement nobody awaits yet.
    const approved = approval()
    await wallet.pair(uri)
    const proposal = await until(() => state().proposals[0])
    expect(proposal.dapp).toEqual({ name: DAPP_NAME, url: 'http://localhost:3000' })
    expect(proposal.chains).toEqual(['eip155:1', 'eip155:8453'])
    expect(proposal.methods).toEqual([
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'eth_chainId',
      'wallet_switchEthereumChain',
    ])

    await wallet.approveProposal(proposal.id)
    const session = await approved
    topic = session.topic
    expect(session.namespaces.eip155?.accounts).toEqual([
      `eip155:1:${account.address}`,
      `eip155:8453:${account.address}`,
    ])
    expect(state().proposals).toEqual([])
    expect(state().sessions).toEqual([
      {
        topic,
        dapp: { name: DAPP_NAME, url: 'http://localhost:3000' },
        chains: ['eip155:1', 'eip155:8453'],
      },
    ])
  })

  it('shows a personal_sign message decoded and answers with a signature that verifies', async () => {
    const message = 'Sign in to the test dapp'
    const answer = request('personal_sign', [toHex(message), account.address])
    const pending = await nextRequest()
    expect(pending.summary).toEqual({ kind: 'message', method: 'personal_sign', message })
    expect(pending.dapp.name).toBe(DAPP_NAME)

    await wallet.approveRequest(pending.id)
    const signature = (await answer) as Hex
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
  })

  it('signs eth_signTypedData_v4 so that the signature verifies', async () => {
    const answer = request('eth_signTypedData_v4', [account.address, JSON.stringify(typedData)])
    const pending = await nextRequest()
    expect(pending.summary.kind).toBe('typedData')
    expect(pending.summary.kind === 'typedData' && JSON.parse(pending.summary.typedData)).toEqual(
      typedData,
    )

    await wallet.approveRequest(pending.id)
    const signature = (await answer) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address: account.address,
        domain: typedData.domain,
        types,
        primaryType: typedData.primaryType,
        message: typedData.message,
        signature,
      }),
    ).toBe(true)
  })

  it('sends eth_sendTransaction on the local Base chain and answers with its hash', async () => {
    const client = createPublicClient({ transport: http(rpcUrls[8453]) })
    const before = await client.getBalance({ address: receiver })
    const value = parseEther('0.25')
    const answer = request(
      'eth_sendTransaction',
      [{ from: account.address, to: receiver, value: toHex(value) }],
      'eip155:8453',
    )
    const pending = await nextRequest()
    expect(pending.summary).toEqual({
      kind: 'transaction',
      method: 'eth_sendTransaction',
      to: receiver,
      value: '0.25 ETH',
      chain: 'Base (eip155:8453)',
    })

    await wallet.approveRequest(pending.id)
    const hash = (await answer) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: receiver })).toBe(before + value)
  })

  it('answers a rejected request with error 4001', async () => {
    const answer = request('personal_sign', [toHex('no thanks'), account.address])
    const pending = await nextRequest()
    await wallet.rejectRequest(pending.id)
    await expect(answer).rejects.toMatchObject({ code: USER_REJECTED_CODE })
    expect(state().requests).toEqual([])
  })

  it('answers eth_chainId and a chain switch without asking', async () => {
    expect(await request('eth_chainId', [], 'eip155:8453')).toBe('0x2105')
    const changed = new Promise((resolve) =>
      dapp.on('session_event', (event) => resolve(event.params.event)),
    )
    expect(await request('wallet_switchEthereumChain', [{ chainId: '0x2105' }])).toBeNull()
    expect(await changed).toEqual({ name: 'chainChanged', data: '0x2105' })
    expect(state().requests).toEqual([])
  })

  it('ends the session on both sides when the wallet disconnects', async () => {
    const deleted = new Promise<string>((resolve) =>
      dapp.on('session_delete', (event) => resolve(event.topic)),
    )
    await wallet.disconnect(topic)
    expect(await deleted).toBe(topic)
    expect(state().sessions).toEqual([])
    expect(dapp.session.keys).not.toContain(topic)
  })

  it('rejects a session proposal with the SDK’s user-rejected error', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
      },
    })
    if (!uri) throw new Error('connect gave no uri')
    const refused = approval().catch((error: unknown) => error)
    await wallet.pair(uri)
    const proposal = await until(() => state().proposals[0])
    await wallet.rejectProposal(proposal.id)
    expect(await refused).toMatchObject({ code: getSdkError('USER_REJECTED').code })
    expect(state().sessions).toEqual([])
  })

  it('signs the sign-in request a proposal carries and returns it with the session', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:8453'], methods: ['personal_sign'], events: [] },
      },
      authentication: [
        {
          domain: 'localhost:3000',
          chains: ['eip155:8453'],
          nonce: 'a1b2c3d4e5f6',
          uri: 'http://localhost:3000/login',
          statement: 'Sign in with the proposal',
          ttl: 300,
        },
      ],
    })
    if (!uri) throw new Error('connect gave no uri')
    const approved = approval()
    await wallet.pair(uri)
    const proposal = await until(() => state().proposals[0])
    const [message] = proposal.signInMessages
    expect(message).toContain('localhost:3000 wants you to sign in with your Ethereum account:')
    expect(message).toContain('Chain ID: 8453')

    await wallet.approveProposal(proposal.id)
    const session = await approved
    const cacao = session.authentication?.[0]
    if (!cacao || !message) throw new Error('no CACAO with the session')
    expect(cacao.p.iss).toBe(`did:pkh:eip155:8453:${account.address}`)
    expect(
      await verifyMessage({ address: account.address, message, signature: cacao.s.s as Hex }),
    ).toBe(true)
    await wallet.disconnect(session.topic)
  })

  it('approves a one-click sign-in with a CACAO the dapp accepts and a session', async () => {
    const { uri, response } = await dapp.authenticate({
      chains: ['eip155:1', 'eip155:8453'],
      domain: 'localhost:3000',
      uri: 'http://localhost:3000/login',
      nonce: 'f0c1a2b3d4e5',
      statement: 'Sign in to the test dapp',
      methods: ['personal_sign'],
    })
    // response() before the wallet answers: the SDK's delayed promise drops an answer that
    // comes before it is asked for, and the relay may deliver it before the wallet's publish
    // is acknowledged.
    const authenticated = response()
    await wallet.pair(uri)
    const pending = await until(() => state().auths[0])
    expect(pending.dapp.name).toBe(DAPP_NAME)
    expect(pending.message).toContain(
      'localhost:3000 wants you to sign in with your Ethereum account:',
    )
    expect(pending.message).toContain(account.address)

    await wallet.approveAuth(pending.id)
    const result = await authenticated
    const cacao = result.auths?.[0]
    if (!cacao) throw new Error('no CACAO in the response')
    expect(cacao.p.iss).toBe(`did:pkh:eip155:1:${account.address}`)
    expect(
      await verifyMessage({
        address: account.address,
        message: pending.message ?? '',
        signature: cacao.s.s as Hex,
      }),
    ).toBe(true)
    expect(state().sessions.map((session) => session.topic)).toEqual([result.session.topic])
    await wallet.disconnect(result.session.topic)
  })
})
