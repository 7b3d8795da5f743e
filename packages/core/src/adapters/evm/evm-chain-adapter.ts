// The EVM side of the seam (adapters/chain-adapter.ts), on @wagmi/core: wagmi's state stays the
// connection state, so what this adapter does (connect, send, sign, switch) is what the host's
// own wagmi hooks see. Loaded with the first flow or action that asks for eip155.
import { type Config, getConnection, reconnect } from '@wagmi/core'
import type { Hex } from 'viem'
import { isNativeToken } from '../../api/blockchain'
import { PorticoError } from '../../errors/portico-error'
import { evmChainIdOf } from '../chain-account'
import type { ChainAccount } from '../chain-adapter'
import { listConnectors } from './connectors'
import { connectEvm, disconnectEvm, switchEvmNetwork } from './evm-actions'
import type { EvmChainAdapter } from './evm-chain'
import {
  estimateNativeTransferFee,
  estimateTransferGasFee,
  rpcOf,
  sendEvmCall,
  sendEvmTransfer,
  waitForEvmTransfer,
  waitForReceipt,
  walletOf,
} from './evm-transfer'
import type { AssetsProvider } from './wallet-assets'

/** personal_sign takes the message's UTF-8 bytes as hex. */
function utf8Hex(text: string): string {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex
}

export function createEvmChainAdapter(
  config: Config,
  options: { reconnect?: () => Promise<void> } = {},
): EvmChainAdapter {
  return {
    namespace: 'eip155',
    config,
    listWallets: () => listConnectors(config.connectors),
    connect: (walletId) => connectEvm(config, walletId),
    async reconnect() {
      if (options.reconnect) await options.reconnect()
      else await reconnect(config)
    },
    disconnect: () => disconnectEvm(config),
    getAccounts() {
      const connection = getConnection(config)
      if (connection.status !== 'connected') return []
      const caipNetworkId = `eip155:${connection.chainId}`
      return connection.addresses.map((address) => ({
        namespace: 'eip155',
        caipNetworkId,
        address,
        caipAddress: `${caipNetworkId}:${address}`,
      }))
    },
    async requestWalletBalances(account) {
      // The asset query's code (its shape checks) arrives with the first balances it is asked
      // for, beside the balance API's answer: the chunk that connects does not carry it.
      const [provider, { requestWalletAssets }] = await Promise.all([
        walletOf(config, account).catch(() => undefined) as Promise<AssetsProvider | undefined>,
        import('./wallet-assets'),
      ])
      return requestWalletAssets(
        provider,
        account.address,
        evmChainIdOf(account),
        account.caipNetworkId,
      )
    },
    buildTransfer(account, draft) {
      return { account, ...draft, native: isNativeToken(draft.token) }
    },
    // An EVM transfer creates no account: there is no rent to pay.
    estimateTransferCosts: async (transfer) => ({
      fee: await estimateTransferGasFee(config, transfer),
      rent: 0n,
    }),
    estimateMaxTransferFee: (account: ChainAccount) =>
      estimateNativeTransferFee(rpcOf(config, evmChainIdOf(account))),
    sendTransfer: (transfer) => sendEvmTransfer(config, transfer),
    waitForTransfer: (account, hash) => waitForEvmTransfer(config, account, hash),
    async signMessage(account, message) {
      const wallet = await walletOf(config, account)
      const signature = await wallet.request({
        method: 'personal_sign',
        params: [utf8Hex(message), account.address],
      })
      if (typeof signature !== 'string') throw new PorticoError('The wallet answered no signature')
      return signature
    },
    switchNetwork: (network) => switchEvmNetwork(config, network),
    sendCall: (account, call) => sendEvmCall(config, account, call),
    async waitForCall(account, hash) {
      const receipt = await waitForReceipt(rpcOf(config, evmChainIdOf(account)), hash as Hex)
      return receipt.status === '0x1'
    },
  }
}
