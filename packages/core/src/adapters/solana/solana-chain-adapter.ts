// The Solana side of the seam (adapters/chain-adapter.ts): wallets over wallet-standard, the
// chain through @solana/kit's RPC client. Loaded by load-chain-adapter.ts only when a Solana
// network is configured and a flow asks for the namespace, so the page never carries it.
import { solanaAddressProblem } from '@portico/protocol/solana-address'
import { address, createSolanaRpc, getBase58Decoder } from '@solana/kit'
import type { SolanaNetwork } from '../../networks'
import { clearAccount, connectedNamespaces, getAccount, updateAccount } from '../../state/account'
import { connectionStatusWith, setConnectionStatus, setConnectors } from '../../state/connection'
import type { ChainAccount, ChainAdapter, ChainTransfer } from '../chain-adapter'
import { ChainNotSupportedError } from '../chain-errors'
import {
  askWallet,
  InvalidSolanaReceiverError,
  SolanaWalletFeatureMissingError,
  SolanaWalletNotConnectedError,
} from './solana-errors'
import { sendThroughWallet, waitForSignature } from './solana-send'
import { createSolanaSession, type SolanaConnection } from './solana-session'
import { mintOf, prepareSolanaTransfer, type SolanaRpc, solTransferFee } from './solana-transfer'
import {
  solanaWallets,
  toSolanaConnector,
  walletStandardChainOf,
  watchSolanaWallets,
} from './solana-wallets'

export interface SolanaAdapterSettings {
  /** The configured Solana networks; the first is active until a switch. */
  networks: readonly SolanaNetwork[]
  /** The JSON-RPC a network is read and sent through (in the page: our server's proxy). */
  rpcUrlOf(network: SolanaNetwork): string
  /** How long a reload waits for the stored wallet to register again; 1 s by default. */
  reconnectWaitMs?: number
  /** Called when an account becomes the connected one (the modal then reads its balance). */
  onAccount?(account: ChainAccount): void
}

export interface SolanaChainAdapter extends ChainAdapter {
  readonly namespace: 'solana'
}

export function createSolanaChainAdapter(settings: SolanaAdapterSettings): SolanaChainAdapter {
  let network = settings.networks[0]
  if (!network) throw new ChainNotSupportedError('solana')
  const rpcs = new Map<string, SolanaRpc>()
  /** Each sent transfer's last valid block height: past it, it can no longer land. */
  const expiries = new Map<string, bigint>()

  function rpcOf(caipNetworkId: string): SolanaRpc {
    const known = rpcs.get(caipNetworkId)
    if (known) return known
    const configured = settings.networks.find((entry) => entry.caipNetworkId === caipNetworkId)
    if (!configured) throw new ChainNotSupportedError(caipNetworkId)
    const rpc = createSolanaRpc(settings.rpcUrlOf(configured))
    rpcs.set(caipNetworkId, rpc)
    return rpc
  }

  function accountsOf(connection: SolanaConnection | undefined): ChainAccount[] {
    if (!connection || !network) return []
    const { caipNetworkId } = network
    return connection.accounts.map(({ address }) => ({
      namespace: 'solana',
      caipNetworkId,
      address,
      caipAddress: `${caipNetworkId}:${address}`,
    }))
  }

  /** The account state of the solana namespace follows the session. */
  function syncAccount(connection: SolanaConnection | undefined) {
    const [active] = accountsOf(connection)
    if (!connection || !active) {
      clearAccount('solana')
      setConnectionStatus(connectionStatusWith('solana', 'disconnected', connectedNamespaces()))
      return
    }
    const known = getAccount('solana')
    const sameAccount = known.status === 'connected' && known.caipAddress === active.caipAddress
    updateAccount('solana', {
      address: active.address,
      caipAddress: active.caipAddress,
      allAccounts: connection.accounts.map((account) => account.address),
      connectedWalletInfo: { name: connection.wallet.name, icon: connection.wallet.icon },
      status: 'connected',
      ...(sameAccount ? {} : { balance: undefined, balanceSymbol: undefined }),
    })
    setConnectionStatus('connected')
    if (!sameAccount) settings.onAccount?.(active)
  }

  // The Connect view lists the wallets with the EIP-6963 ones, as they register.
  watchSolanaWallets((wallets) => setConnectors(wallets.map(toSolanaConnector), 'solana'))

  const session = createSolanaSession({
    reconnectWaitMs: settings.reconnectWaitMs ?? 1000,
    onChange: syncAccount,
  })

  /** The wallet holding the account: a flow never signs with another account than its own. */
  function walletOf(account: ChainAccount) {
    const connection = session.current()
    const walletAccount = connection?.accounts.find((entry) => entry.address === account.address)
    if (!connection || !walletAccount || account.caipNetworkId !== network?.caipNetworkId)
      throw new SolanaWalletNotConnectedError()
    return {
      wallet: connection.wallet,
      account: walletAccount,
      chain: walletStandardChainOf(network),
    }
  }

  const prepare = (transfer: ChainTransfer) =>
    prepareSolanaTransfer(rpcOf(transfer.account.caipNetworkId), transfer)

  return {
    namespace: 'solana',
    listWallets: () => solanaWallets().map(toSolanaConnector),
    connect: (walletId) => session.connect(walletId),
    reconnect: () => session.reconnect(),
    disconnect: () => session.disconnect(),
    getAccounts: () => accountsOf(session.current()),
    // The server's balance API answers solana: accounts (SOL and SPL, priced); wallet-standard
    // has no balance feature to ask instead.
    requestWalletBalances: async () => undefined,
    buildTransfer(account, draft) {
      const problem = solanaAddressProblem(draft.receiver)
      if (problem) throw new InvalidSolanaReceiverError(problem)
      return { account, ...draft, native: mintOf(draft) === undefined }
    },
    async estimateTransferCosts(transfer) {
      // The rent of a new token account is paid in SOL by the sender too.
      const { fee, rent } = await prepare(transfer)
      return { fee, rent }
    },
    estimateMaxTransferFee: (account) =>
      solTransferFee(rpcOf(account.caipNetworkId), address(walletOf(account).account.address)),
    async sendTransfer(transfer) {
      const signer = walletOf(transfer.account)
      const rpc = rpcOf(transfer.account.caipNetworkId)
      const { transaction, lastValidBlockHeight } = await prepare(transfer)
      const signature = await sendThroughWallet({ rpc, ...signer }, transaction)
      expiries.set(signature, lastValidBlockHeight)
      return signature
    },
    async waitForTransfer(account, hash) {
      try {
        await waitForSignature(rpcOf(account.caipNetworkId), hash, expiries.get(hash))
      } finally {
        expiries.delete(hash)
      }
    },
    async signMessage(account, message) {
      const { wallet, account: walletAccount } = walletOf(account)
      const feature = wallet.features['solana:signMessage']
      if (!feature) throw new SolanaWalletFeatureMissingError(wallet.name, 'solana:signMessage')
      const [output] = await askWallet(() =>
        feature.signMessage({ account: walletAccount, message: new TextEncoder().encode(message) }),
      )
      if (!output) throw new Error(`${wallet.name} returned no signature`)
      // Base58, as Solana sign-in messages are verified (64 bytes of ed25519).
      return getBase58Decoder().decode(output.signature)
    },
    async switchNetwork(next) {
      const configured = settings.networks.find(
        (entry) => entry.caipNetworkId === next.caipNetworkId,
      )
      if (!configured) throw new ChainNotSupportedError(next.caipNetworkId)
      network = configured
      syncAccount(session.current())
    },
  }
}
