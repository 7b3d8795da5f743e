// The frame's request handling: one handler per request type of the protocol
// (@portico/protocol/embedded-wallet-frame), each answered by id with `_SUCCESS` and its
// payload, or `_ERROR` with a message (and an EIP-1193 code where one fits).
import type {
  FrameOutgoing,
  FrameRequest,
  FrameRequestPayload,
  FrameSuccessPayload,
} from '@portico/protocol/embedded-wallet-frame'
import type { FrameRequestType } from '@portico/protocol/embedded-wallet-frame-guard'
import { isNotSafeRpcMethod } from '@portico/protocol/embedded-wallet-rpc-methods'
import type { LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createApprovalGate } from './approval-gate'
import { showKey } from './approval-view'
import type { ChainCatalog } from './chain-catalog'
import { checkKnownChain } from './chain-rules'
import type { ConnectedOriginsStore } from './connected-origins'
import { createFarcasterLogin } from './farcaster-login'
import type { FrameConfig } from './frame-config'
import {
  FrameRequestError,
  GENERIC_ERROR_MESSAGE,
  INVALID_REQUEST_MESSAGE,
  notConnectedError,
} from './frame-error'
import type { FrameStorage } from './frame-storage'
import {
  createWalletKey,
  keyForExport,
  RecoveryNeedsLoginError,
  type UnlockedKey,
  unlockWalletKey,
} from './key-vault'
import { newRedeemSecret, type RedeemSecret } from './redeem-secret'
import type { RpcRead } from './rpc-proxy'
import { routeRpcRequest } from './rpc-router'
import type { CallsBundle } from './send-calls'
import { finishSocialLogin, isSocialProvider, startSocialLogin } from './social-login'
import { applyTheme } from './theme'
import type { WalletApi } from './wallet-api'

export interface FrameAppDeps {
  config: FrameConfig
  api: WalletApi
  storage: FrameStorage
  /** The origins the visitor logged in from: only those get the wallet (connected-origins.ts). */
  connected: ConnectedOriginsStore
  read: RpcRead
  /** What the confirm knows of a chain (tokens, router, coin price): chain-catalog.ts. */
  catalog: ChainCatalog
  /** Posts to the host page, at its exact origin. */
  post(message: FrameOutgoing): void
  /** Where the confirm and the exported key are drawn. */
  root: HTMLElement
  log?: (line: string) => void
}

interface LoggedIn {
  email: string
  account: LocalAccount
}

type Handlers = {
  [T in FrameRequestType]: (
    payload: FrameRequestPayload<T>,
    id: string,
  ) => Promise<FrameSuccessPayload<T>>
}

/** A refusal's own message; viem's short message for a chain or signing failure. */
function describeError(error: unknown): { message: string; code: number | undefined } {
  if (error instanceof FrameRequestError) return { message: error.message, code: error.code }
  const { shortMessage, code } = (error ?? {}) as { shortMessage?: unknown; code?: unknown }
  return {
    message:
      typeof shortMessage === 'string' && shortMessage !== ''
        ? shortMessage
        : GENERIC_ERROR_MESSAGE,
    code: typeof code === 'number' && Number.isInteger(code) ? code : undefined,
  }
}

export function createFrameApp(deps: FrameAppDeps) {
  const { api, storage, connected, post, root } = deps
  // The page this frame answers: the only origin its messages are accepted from.
  const page = deps.config.parentOrigin
  let chainId = deps.config.chainId
  /**
   * The address a login code was asked for, and the redeem secret the code is bound to: kept in
   * this frame's memory only, so a code read from the mail logs in nowhere else.
   */
  let pendingEmail: { email: string; redeem: RedeemSecret } | undefined
  let wallet: LoggedIn | undefined
  let restoring: Promise<LoggedIn | undefined> | undefined
  const bundles = new Map<string, CallsBundle>()
  const withApproval = createApprovalGate({ root, post, origin: page })
  const farcaster = createFarcasterLogin(api, storage)

  function loggedIn(email: string, key: UnlockedKey): LoggedIn {
    storage.saveAddress(key.address)
    connected.add(page, key.address)
    wallet = { email, account: privateKeyToAccount(key.privateKey) }
    return wallet
  }

  /** The login ends for every page: its data, and the record of where it was made. */
  function forgetLogin() {
    storage.clearLogin()
    connected.clear()
  }

  /** The stored session, for this page only if the visitor logged in from it. */
  function token(): string {
    const session = connected.has(page) ? storage.session() : undefined
    if (!session) throw notConnectedError()
    return session.token
  }

  /**
   * The logged-in wallet: in memory, or rebuilt from the stored session (a reload). A session
   * made from another page is not this page's: it stays unread and untouched.
   */
  async function restore(): Promise<LoggedIn | undefined> {
    if (wallet) return wallet
    if (!connected.has(page)) return undefined
    const session = storage.session()
    if (!session) return undefined
    restoring ??= (async () => {
      try {
        const me = await api.me(session.token)
        if (!me.wallet || !connected.has(page, me.wallet.address)) return undefined
        const key = await unlockWalletKey(api, session.token, storage, me.wallet.address)
        return loggedIn(me.user.email ?? '', key)
      } catch (error) {
        // A session the server no longer knows (401), or one refused the recovery share while
        // this browser's share is stale (another browser rotated the shares): only a new
        // login gets the key back, so the cached login goes.
        const loginNeeded =
          error instanceof RecoveryNeedsLoginError ||
          (error instanceof FrameRequestError && error.status === 401)
        if (loginNeeded) {
          forgetLogin()
          return undefined
        }
        throw error
      } finally {
        restoring = undefined
      }
    })()
    return restoring
  }

  async function requireWallet(): Promise<LoggedIn> {
    const current = await restore()
    if (!current) throw notConnectedError()
    return current
  }

  const handlers: Handlers = {
    async CONNECT_EMAIL({ email }) {
      const redeem = await newRedeemSecret()
      const answer = await api.sendCode(email, redeem.challenge)
      pendingEmail = { email, redeem }
      return { action: answer.action }
    },
    // Device approval by mail is not part of our login: a device is trusted by its code.
    CONNECT_DEVICE: async () => ({}),
    async CONNECT_OTP({ otp }) {
      if (pendingEmail === undefined) throw new FrameRequestError('Ask for a code first')
      const { email, redeem } = pendingEmail
      const answer = await api.verifyCode(email, otp, redeem.secret)
      storage.saveLogin(answer.session, answer.user.email)
      pendingEmail = undefined
      const key = answer.wallet
        ? await unlockWalletKey(api, answer.session.token, storage, answer.wallet.address)
        : await createWalletKey(api, answer.session.token, storage)
      loggedIn(answer.user.email, key)
      return {}
    },
    async CONNECT_SOCIAL(payload) {
      if ('resultUri' in payload)
        return startSocialLogin(
          api,
          storage,
          payload.provider,
          payload.resultUri,
          deps.config.parentOrigin,
        )
      pendingEmail = undefined
      loggedIn('', (await finishSocialLogin(api, storage, payload.provider, payload.uri)).key)
      return {}
    },
    async CONNECT_FARCASTER(payload) {
      if (!('channelToken' in payload)) return farcaster.begin()
      pendingEmail = undefined
      loggedIn('', await farcaster.finish(payload.channelToken))
      return {}
    },
    async GET_USER(payload) {
      const current = await requireWallet()
      const address = current.account.address
      const social = storage.social()
      return {
        email: current.email,
        ...(social?.userName ? { userName: social.userName } : {}),
        ...(social && (isSocialProvider(social.provider) || social.provider === 'farcaster')
          ? { socialProvider: social.provider }
          : {}),
        address,
        chainId: payload.chainId ?? chainId,
        smartAccountDeployed: false,
        preferredAccountType: 'eoa',
        accounts: [{ address, type: 'eoa' }],
      }
    },
    async IS_CONNECTED() {
      return { isConnected: (await restore()) !== undefined }
    },
    async SWITCH_NETWORK(payload) {
      checkKnownChain(payload.chainId)
      chainId = payload.chainId
      storage.saveChainId(chainId)
      return { chainId }
    },
    async SIGN_OUT() {
      pendingEmail = undefined
      wallet = undefined
      // A page the visitor did not log in from has no login here to end: another page's stays.
      if (!connected.has(page)) return {}
      const session = storage.session()
      forgetLogin()
      // The local data is gone first; the server's copy of the session is revoked if it can be.
      if (session) await api.signOut(session.token).catch(() => undefined)
      return {}
    },
    async RPC_REQUEST(payload, id) {
      // Only methods that use the account wait for a reload's restore; reads go straight on.
      const { method } = payload
      const usesAccount =
        isNotSafeRpcMethod(method) || method === 'eth_accounts' || method === 'eth_requestAccounts'
      if (usesAccount) await restore()
      return routeRpcRequest(payload, {
        account: () => wallet?.account,
        switchChain(next) {
          chainId = next
          storage.saveChainId(next)
        },
        read: deps.read,
        catalog: deps.catalog,
        withApproval: withApproval(id),
        bundles,
      })
    },
    async UPDATE_EMAIL({ email }) {
      return api.updateEmail(token(), email)
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      await api.updateEmailPrimary(token(), otp)
      return {}
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const { email } = await api.updateEmailSecondary(token(), otp)
      storage.saveEmail(email)
      if (wallet) wallet = { ...wallet, email }
      return { newEmail: email }
    },
    async SYNC_THEME(payload) {
      applyTheme(document.documentElement, payload)
      return {}
    },
    // Accepted as the protocol has it, and not shown: the confirm names the page by the origin
    // the frame verified, never by a name the page gives itself.
    SYNC_DAPP_DATA: async () => ({}),
    // Smart accounts are not built: whatever is asked, the wallet stays a plain EOA.
    SET_PREFERRED_ACCOUNT: async () => ({ type: 'eoa' }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => ({ smartAccountEnabledNetworks: [] }),
    async EXPORT_KEY_START() {
      await requireWallet()
      return api.exportCode(token())
    },
    async EXPORT_KEY_OTP({ otp }, id) {
      const current = await requireWallet()
      const session = token()
      const { recoveryShare } = await api.exportVerify(session, otp)
      const key = await keyForExport(api, session, recoveryShare, current.account.address)
      post({ type: 'FRAME_APPROVAL_REQUESTED', payload: { id, method: 'EXPORT_KEY' } })
      void showKey(root, key).then(() =>
        post({ type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: true } }),
      )
      return {}
    },
  }

  async function handle(request: FrameRequest): Promise<void> {
    const { type, id } = request
    deps.log?.(`request ${type} ${id}`)
    try {
      // The sealed session and device share, read again: another tab may have changed them.
      await storage.load()
      const handler = handlers[type] as (payload: unknown, id: string) => Promise<unknown>
      const payload = await handler(request.payload, id)
      post({ type: `${type}_SUCCESS`, id, payload } as FrameOutgoing)
    } catch (error) {
      const { message, code } = describeError(error)
      deps.log?.(`error ${type} ${id}: ${message}`)
      post({
        type: `${type}_ERROR`,
        id,
        payload: code === undefined ? { message } : { message, code },
      })
    }
  }

  /** The host page's request that failed the schema: refused at once, nothing done. */
  function refuseMalformed(type: FrameRequestType, id: string): void {
    deps.log?.(`refused ${type} ${id}: not a valid request`)
    post({ type: `${type}_ERROR`, id, payload: { message: INVALID_REQUEST_MESSAGE, code: -32602 } })
  }

  return { handle, refuseMalformed }
}
