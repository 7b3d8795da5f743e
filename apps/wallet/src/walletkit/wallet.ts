// The wallet without its UI: the pending proposals, requests and sign-in requests its
// WalletKit (wallet-kit.ts) has received, and the actions a person takes on them. The React app
// renders `getState()`; tests in Node drive the same object.
import type { IWalletKit } from '@reown/walletkit'
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import { type PrivateKeyAccount, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  type AuthRequest,
  approveAuthRequest,
  authMessageFor,
  proposalAuthMessages,
  signProposalAuthentication,
} from './auth'
import type { WalletConfig } from './config'
import { buildSessionNamespaces, requestedScope } from './namespaces'
import { answerRequest, describeRequest, RequestError } from './requests'
import { type CreateWalletOptions, createWalletKit } from './wallet-kit'
import {
  type ActiveSession,
  dappOf,
  type PendingAuth,
  type PendingProposal,
  type PendingRequest,
  type WalletState,
} from './wallet-state'

/** Answered at once: they reveal nothing the session has not already shared. */
const AUTO_ANSWERED = new Set(['eth_chainId', 'eth_accounts', 'wallet_switchEthereumChain'])

/** EIP-1193's code for a refusal, which wallets and dapps map to "user rejected". */
export const USER_REJECTED_CODE = 4001

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export class Wallet {
  readonly account: PrivateKeyAccount
  #state: WalletState
  readonly #listeners = new Set<() => void>()

  private constructor(
    readonly walletKit: IWalletKit,
    readonly config: WalletConfig,
  ) {
    this.account = privateKeyToAccount(config.privateKey)
    this.#state = {
      address: this.account.address,
      sessions: [],
      proposals: [],
      requests: [],
      auths: [],
      error: undefined,
    }
  }

  static async create(options: CreateWalletOptions): Promise<Wallet> {
    const walletKit = await createWalletKit(options)
    const wallet = new Wallet(walletKit, options.config)
    wallet.#listen()
    wallet.#restore()
    return wallet
  }

  getState = (): WalletState => this.#state

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #update(change: Partial<WalletState>): void {
    this.#state = { ...this.#state, ...change }
    for (const listener of this.#listeners) listener()
  }

  #refreshSessions(): void {
    const sessions = Object.values(this.walletKit.getActiveSessions()).map(
      (session: SessionTypes.Struct): ActiveSession => ({
        topic: session.topic,
        dapp: dappOf(session.peer.metadata),
        chains: Object.values(session.namespaces).flatMap((namespace) => namespace.chains ?? []),
      }),
    )
    this.#update({ sessions })
  }

  #addProposal(proposal: ProposalTypes.Struct): void {
    if (this.#state.proposals.some((pending) => pending.id === proposal.id)) return
    const pending: PendingProposal = {
      id: proposal.id,
      dapp: dappOf(proposal.proposer.metadata),
      ...requestedScope(proposal),
      signInMessages: proposalAuthMessages(
        this.walletKit,
        proposal.requests?.authentication,
        this.account,
      ),
      proposal,
    }
    this.#update({ proposals: [...this.#state.proposals, pending] })
  }

  async #onRequest(event: {
    id: number
    topic: string
    params: { request: { method: string; params: unknown }; chainId: string }
  }): Promise<void> {
    const { request, chainId } = event.params
    if (AUTO_ANSWERED.has(request.method)) {
      await this.#answer(event.id, event.topic, request, chainId).catch((error) =>
        this.#update({ error: errorText(error) }),
      )
      return
    }
    if (this.#state.requests.some((pending) => pending.id === event.id)) return
    const session = this.walletKit.getActiveSessions()[event.topic]
    const pending: PendingRequest = {
      id: event.id,
      topic: event.topic,
      dapp: dappOf(session?.peer.metadata),
      chainId,
      summary: describeRequest(request, chainId, this.account.address),
      request,
    }
    this.#update({ requests: [...this.#state.requests, pending] })
  }

  #listen(): void {
    const kit = this.walletKit
    kit.on('session_proposal', (event) => this.#addProposal(event.params))
    kit.on('session_request', (event) => void this.#onRequest(event))
    kit.on('session_authenticate', (event) => {
      const request: AuthRequest = { id: event.id, params: event.params }
      const pending: PendingAuth = {
        id: event.id,
        dapp: dappOf(event.params.requester.metadata),
        message: authMessageFor(kit, request, this.account),
        request,
      }
      this.#update({ auths: [...this.#state.auths, pending] })
    })
    kit.on('session_delete', () => this.#refreshSessions())
    kit.on('proposal_expire', ({ id }) =>
      this.#update({ proposals: this.#state.proposals.filter((pending) => pending.id !== id) }),
    )
    kit.on('session_request_expire', ({ id }) =>
      this.#update({ requests: this.#state.requests.filter((pending) => pending.id !== id) }),
    )
    // Sessions also end by expiry, which only the SignClient underneath reports.
    kit.engine.signClient.events.on('session_expire', () => this.#refreshSessions())
  }

  /** After a reload: the stored sessions, and what was still waiting for an answer. */
  #restore(): void {
    this.#refreshSessions()
    for (const proposal of Object.values(this.walletKit.getPendingSessionProposals()))
      this.#addProposal(proposal)
    for (const pending of this.walletKit.getPendingSessionRequests())
      void this.#onRequest({ id: pending.id, topic: pending.topic, params: pending.params })
  }

  async #run(action: () => Promise<void>): Promise<void> {
    try {
      await action()
      this.#update({ error: undefined })
    } catch (error) {
      this.#update({ error: errorText(error) })
      throw error
    }
  }

  /** Pairs with a dapp's `wc:` URI; its proposal (or sign-in request) arrives as an event. */
  pair(uri: string): Promise<void> {
    return this.#run(async () => {
      const trimmed = uri.trim()
      if (!trimmed.startsWith('wc:')) throw new Error('A connection link starts with wc:')
      await this.walletKit.pair({ uri: trimmed })
    })
  }

  #dropProposal(id: number): void {
    this.#update({ proposals: this.#state.proposals.filter((pending) => pending.id !== id) })
  }

  approveProposal(id: number): Promise<void> {
    return this.#run(async () => {
      const pending = this.#state.proposals.find((proposal) => proposal.id === id)
      if (!pending) throw new Error(`No pending proposal ${id}`)
      const namespaces = buildSessionNamespaces(pending.proposal, this.account.address)
      const authentication = pending.proposal.requests?.authentication
      try {
        await this.walletKit.approveSession({
          id,
          namespaces,
          ...(authentication?.length
            ? {
                proposalRequestsResponses: {
                  authentication: await signProposalAuthentication(
                    this.walletKit,
                    authentication,
                    this.account,
                  ),
                },
              }
            : {}),
        })
      } finally {
        this.#dropProposal(id)
        this.#refreshSessions()
      }
    })
  }

  rejectProposal(id: number): Promise<void> {
    return this.#run(async () => {
      try {
        await this.walletKit.rejectSession({ id, reason: getSdkError('USER_REJECTED') })
      } finally {
        this.#dropProposal(id)
      }
    })
  }

  async #answer(
    id: number,
    topic: string,
    request: { method: string; params: unknown },
    chainId: string,
  ): Promise<void> {
    try {
      const result = await answerRequest(
        { account: this.account, rpcUrls: this.config.rpcUrls },
        request,
        chainId,
      )
      await this.walletKit.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', result },
      })
      if (request.method === 'wallet_switchEthereumChain')
        await this.#emitChainChanged(topic, request)
    } catch (error) {
      const code = error instanceof RequestError ? error.code : -32603
      await this.walletKit.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', error: { code, message: errorText(error) } },
      })
      throw error
    }
  }

  async #emitChainChanged(topic: string, request: { params: unknown }): Promise<void> {
    const [target] = request.params as [{ chainId: string }]
    const chainId = Number(target.chainId)
    await this.walletKit.emitSessionEvent({
      topic,
      event: { name: 'chainChanged', data: toHex(chainId) },
      chainId: `eip155:${chainId}`,
    })
  }

  #dropRequest(id: number): void {
    this.#update({ requests: this.#state.requests.filter((pending) => pending.id !== id) })
  }

  /** Signs or sends what the request asks and answers the dapp (a failure answers an error). */
  approveRequest(id: number): Promise<void> {
    return this.#run(async () => {
      const pending = this.#state.requests.find((request) => request.id === id)
      if (!pending) throw new Error(`No pending request ${id}`)
      this.#dropRequest(id)
      await this.#answer(id, pending.topic, pending.request, pending.chainId)
    })
  }

  rejectRequest(id: number): Promise<void> {
    return this.#run(async () => {
      const pending = this.#state.requests.find((request) => request.id === id)
      if (!pending) throw new Error(`No pending request ${id}`)
      this.#dropRequest(id)
      await this.walletKit.respondSessionRequest({
        topic: pending.topic,
        response: {
          id,
          jsonrpc: '2.0',
          error: { code: USER_REJECTED_CODE, message: 'User rejected the request.' },
        },
      })
    })
  }

  #dropAuth(id: number): void {
    this.#update({ auths: this.#state.auths.filter((pending) => pending.id !== id) })
  }

  approveAuth(id: number): Promise<void> {
    return this.#run(async () => {
      const pending = this.#state.auths.find((auth) => auth.id === id)
      if (!pending) throw new Error(`No pending sign-in request ${id}`)
      try {
        await approveAuthRequest(this.walletKit, pending.request, this.account)
      } finally {
        this.#dropAuth(id)
        this.#refreshSessions()
      }
    })
  }

  rejectAuth(id: number): Promise<void> {
    return this.#run(async () => {
      try {
        await this.walletKit.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
      } finally {
        this.#dropAuth(id)
      }
    })
  }

  disconnect(topic: string): Promise<void> {
    return this.#run(async () => {
      try {
        await this.walletKit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
      } finally {
        this.#refreshSessions()
      }
    })
  }

  /** Stops the relay socket and the heartbeat (which would keep Node alive). */
  async stop(): Promise<void> {
    this.walletKit.core.heartbeat.stop()
    await this.walletKit.core.relayer.transportClose().catch(() => {})
  }
}
