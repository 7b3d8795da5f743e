// Our wagmi connector for the embedded wallet: its EIP-1193 provider sends every request to the
// frame (RPC_REQUEST), so the host's own wagmi hooks (useSignMessage, useSendTransaction) work
// with an e-mail login as with any wallet. The login itself (code sent, code verified) happens
// before `connect`, which only asks the frame for the user. Reconnecting after a reload asks the
// frame only when the host page remembers an e-mail login (a cheap flag in its storage).
import type { FrameSuccessPayload, GetUserAnswer } from '@portico/protocol/embedded-wallet-frame'
import {
  isNotSafeRpcMethod,
  isSafeRpcMethod,
  RPC_NOT_ALLOWED_MESSAGE,
  USER_REJECTED_MESSAGE,
} from '@portico/protocol/embedded-wallet-rpc-methods'
import { ChainNotConfiguredError, type Config, type Connector, createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex, SwitchChainError } from 'viem'
import type { FrameClient } from '../../connectors/embedded-wallet/frame-client'
import { FrameAnswerError } from '../../connectors/embedded-wallet/frame-errors'
import { updateAccount } from '../../state/account'
import { setEmbeddedWalletUser } from '../../state/embedded-wallet'
import { readStored, removeStored, writeStored } from '../../storage'

export const EMBEDDED_WALLET_CONNECTOR_ID = 'embeddedWallet'

/** What the frame answers to GET_USER. */
export type FrameUser = GetUserAnswer

export interface EmbeddedWalletProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /**
   * Whether the frame answers `method` at all (its safe and not-safe lists, and what this
   * provider answers itself): callers ask before trying a method a wallet may lack, so a
   * method the frame refuses is never sent just to learn that (the refusal shows a toast).
   */
  answers(method: string): boolean
}

const ANSWERED_HERE = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
])

/** An EIP-1193 error: the frame's message with its code, as wallets throw them. */
export class EmbeddedWalletRpcError extends Error {
  override name = 'EmbeddedWalletRpcError'
  readonly code: number
  constructor(message: string, code: number) {
    super(message)
    this.code = code
  }
}

/** The frame's refusal of a method on neither of its lists (docs/product.md#permissions, word for word). */

export interface EmbeddedWalletConnectorParameters {
  /** The frame client, loaded on first use. */
  loadFrame: () => Promise<FrameClient>
  /** A method the frame refused as not allowed (the modal shows 'Action not allowed'). */
  onNotAllowed?: (method: string) => void
}

/** The browser-stored login data the host page keeps (docs/product.md#browser-storage). */
const LOGIN_KEYS = [
  'emailLoginUsed',
  'email',
  'sessionToken',
  'lastUsedChain',
  'preferredAccountType',
  'smartAccountEnabled',
  'smartAccountEnabledNetworks',
  'socialUsername',
] as const

export function clearStoredLogin(): void {
  for (const key of LOGIN_KEYS) removeStored(key)
}

function rpcError(error: unknown): unknown {
  if (!(error instanceof FrameAnswerError)) return error
  const code =
    error.rpcCode ??
    (error.shortMessage === USER_REJECTED_MESSAGE
      ? 4001
      : error.shortMessage === RPC_NOT_ALLOWED_MESSAGE
        ? 4200
        : -32603)
  return new EmbeddedWalletRpcError(error.shortMessage, code)
}

export function embeddedWalletConnector(parameters: EmbeddedWalletConnectorParameters) {
  let accounts: Address[] = []
  let chainId: number | undefined

  return createConnector<EmbeddedWalletProvider>((config) => {
    const defaultChainId = () => {
      const first = config.chains[0]?.id
      if (first === undefined) throw new ChainNotConfiguredError()
      return first
    }

    async function readUser(requestedChainId?: number): Promise<FrameUser> {
      const frame = await parameters.loadFrame()
      const user = await frame.request<FrameUser>('GET_USER', {
        chainId: requestedChainId ?? chainId ?? defaultChainId(),
      })
      accounts = [getAddress(user.address)]
      chainId = user.chainId
      setEmbeddedWalletUser({
        email: user.email,
        address: accounts[0] as string,
        chainId: user.chainId,
        ...(user.userName ? { userName: user.userName } : {}),
        ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
      })
      updateAccount('eip155', { socialProvider: user.socialProvider })
      writeStored('emailLoginUsed', true)
      // A social login has no address of ours (email ''), but a user name of the provider's.
      if (user.email) writeStored('email', user.email)
      else removeStored('email')
      if (user.socialProvider && user.userName) writeStored('socialUsername', user.userName)
      else removeStored('socialUsername')
      return user
    }

    async function send(method: string, params: unknown): Promise<unknown> {
      const frame = await parameters.loadFrame()
      try {
        return await frame.request('RPC_REQUEST', {
          method,
          ...(params === undefined ? {} : { params }),
          chainId: chainId ?? defaultChainId(),
        })
      } catch (error) {
        if (error instanceof FrameAnswerError && error.shortMessage === RPC_NOT_ALLOWED_MESSAGE)
          parameters.onNotAllowed?.(method)
        throw rpcError(error)
      }
    }

    const provider: EmbeddedWalletProvider = {
      answers: (method) =>
        ANSWERED_HERE.has(method) || isSafeRpcMethod(method) || isNotSafeRpcMethod(method),
      async request({ method, params }) {
        // Answered here from what GET_USER said: no round trip to the frame.
        if (method === 'eth_accounts' || method === 'eth_requestAccounts') return accounts
        if (method === 'eth_chainId') return numberToHex(chainId ?? defaultChainId())
        if (method === 'wallet_switchEthereumChain') {
          const [target] = (params ?? []) as [{ chainId?: string }]
          const next = Number(target?.chainId)
          await switchTo(next)
          return null
        }
        return send(method, params)
      },
    }

    async function switchTo(next: number) {
      const chain = config.chains.find((entry) => entry.id === next)
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
      const frame = await parameters.loadFrame()
      try {
        await frame.request('SWITCH_NETWORK', { chainId: next })
      } catch (error) {
        throw new SwitchChainError(error as Error)
      }
      chainId = next
      config.emitter.emit('change', { chainId: next })
      return chain
    }

    return {
      id: EMBEDDED_WALLET_CONNECTOR_ID,
      name: 'Email',
      type: 'embeddedWallet',

      async connect(connectParameters = {}) {
        const user = await readUser(connectParameters.chainId)
        return {
          accounts: (connectParameters.withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId: user.chainId,
        }
      },

      async disconnect() {
        const frame = await parameters.loadFrame().catch(() => undefined)
        await frame?.signOut()
        accounts = []
        chainId = undefined
        clearStoredLogin()
        setEmbeddedWalletUser(undefined)
      },

      async getAccounts() {
        if (accounts.length === 0) await readUser()
        return accounts
      },

      async getChainId() {
        return chainId ?? defaultChainId()
      },

      async getProvider() {
        return provider
      },

      async isAuthorized() {
        // A page that never logged in by e-mail does not load the frame to find out.
        if (readStored('emailLoginUsed') !== true) return false
        try {
          const frame = await parameters.loadFrame()
          const { isConnected } =
            await frame.request<FrameSuccessPayload<'IS_CONNECTED'>>('IS_CONNECTED')
          if (!isConnected) clearStoredLogin()
          return isConnected
        } catch {
          return false
        }
      },

      async switchChain({ chainId: next }) {
        return switchTo(next)
      },

      onAccountsChanged(next) {
        if (next.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: next.map((entry) => getAddress(entry)) })
      },

      onChainChanged(next) {
        config.emitter.emit('change', { chainId: Number(next) })
      },

      onDisconnect() {
        accounts = []
        config.emitter.emit('disconnect')
      },
    }
  })
}

/**
 * Adds the embedded wallet's connector to the page's config at run time, last in the list: the
 * page does not carry it, and once added wagmi lists, connects and reconnects it.
 */
export function addEmbeddedWalletConnector(
  config: Config,
  parameters: EmbeddedWalletConnectorParameters,
): Connector {
  const connector = config._internal.connectors.setup(embeddedWalletConnector(parameters))
  config._internal.connectors.setState((connectors) => [...connectors, connector])
  return connector
}
