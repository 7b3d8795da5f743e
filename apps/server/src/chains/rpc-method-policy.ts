// Which JSON-RPC methods the public proxy forwards, per chain namespace: an allow list. A node
// answers more than the standard reads: anvil moved funds from an account it holds on
// eth_sendUnsignedTransaction, with no signature; eth_accounts lists the node's accounts;
// anvil_*, debug_*, admin_*, personal_*, txpool_* administer or inspect the node. None of that
// may reach it from the internet, and a block list misses whatever a node adds next.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { RPC_BODY_LIMIT_BYTES, RPC_PARAMS_LIMIT_BYTES } from '../constants'

/**
 * eip155: the standard reads of the Ethereum execution API, eth_sendRawTransaction, and what the
 * modal and the wallets it talks to send through the proxy (wagmi/viem in packages/core, the
 * test wallet in apps/wallet):
 * - chain and head: eth_chainId, net_version, eth_blockNumber, eth_syncing;
 * - fees: eth_gasPrice, eth_maxPriorityFeePerGas, eth_feeHistory, eth_blobBaseFee (the Send
 *   preview and Max: send-flow.ts; viem's fee estimation);
 * - accounts and state: eth_getBalance, eth_getTransactionCount (viem's nonce), eth_getCode,
 *   eth_getStorageAt, eth_getProof;
 * - execution without a transaction: eth_call (reads, multicall, ERC-1271 checks),
 *   eth_estimateGas (the Send preview), eth_createAccessList, eth_simulateV1;
 * - eth_fillTransaction: viem's prepareTransactionRequest asks it first for nonce, gas and fees
 *   of a transaction a local account then signs (the test wallet's sends); it fills, never signs;
 * - blocks, transactions, receipts, logs: what waitForTransactionReceipt, getBlock and getLogs
 *   send (the Send flow polls eth_getTransactionReceipt);
 * - eth_sendRawTransaction: a transaction its sender signed.
 * Left out on purpose: eth_accounts, eth_coinbase, eth_sendTransaction, eth_sign*,
 * eth_signTransaction (the node's keys); filters (eth_newFilter and kin keep state on the
 * node an anonymous caller could pile up; viem falls back to eth_getLogs and eth_blockNumber);
 * web3_clientVersion (names the node and its version to an attacker); every other namespace.
 */
const EIP155_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_syncing',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_simulateV1',
  'eth_fillTransaction',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockReceipts',
  'eth_getUncleCountByBlockNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_sendRawTransaction',
])

/**
 * solana: the reads a wallet, @solana/kit's send and confirm, and the modal's balances make,
 * sendTransaction (a transaction its signers signed) and simulateTransaction (preflight, fees):
 * - cluster and head: getSlot, getBlockHeight, getTransactionCount, getEpochInfo, getGenesisHash, getVersion,
 *   getHealth, getLatestBlockhash, isBlockhashValid (kit's confirm watches block height);
 * - fees and rent: getFeeForMessage, getMinimumBalanceForRentExemption,
 *   getRecentPrioritizationFees (the Send preview, the rent of a new token account);
 * - accounts: getBalance, getAccountInfo, getMultipleAccounts, getTokenAccountsByOwner,
 *   getTokenAccountBalance, getTokenSupply;
 * - transactions: getSignatureStatuses, getSignaturesForAddress, getTransaction.
 * Left out on purpose: requestAirdrop (mints SOL on a test cluster: free money from our
 * server's address, and meaningless on mainnet); getProgramAccounts, getLargestAccounts,
 * getBlock, getBlocks (scans an anonymous caller could make the node run over and over);
 * getClusterNodes, getVoteAccounts, getIdentity, getLeaderSchedule (the network's and the
 * node's own layout). Solana's JSON-RPC has no method that signs with a node key.
 */
const SOLANA_METHODS: ReadonlySet<string> = new Set([
  'getSlot',
  'getBlockHeight',
  'getTransactionCount',
  'getEpochInfo',
  'getGenesisHash',
  'getVersion',
  'getHealth',
  'getLatestBlockhash',
  'isBlockhashValid',
  'getFeeForMessage',
  'getMinimumBalanceForRentExemption',
  'getRecentPrioritizationFees',
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'getTokenAccountsByOwner',
  'getTokenAccountBalance',
  'getTokenSupply',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getTransaction',
  'simulateTransaction',
  'sendTransaction',
])

/** Namespace (CAIP-2 prefix) -> the methods forwarded to its chains; no entry forwards nothing. */
const METHODS_BY_NAMESPACE: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['eip155', EIP155_METHODS],
  ['solana', SOLANA_METHODS],
])

function namespaceOf(chain: CaipNetworkId): string {
  return chain.slice(0, chain.indexOf(':'))
}

/** Whether the proxy forwards `method` to `chain`. */
export function isAllowedRpcMethod(chain: CaipNetworkId, method: string): boolean {
  return METHODS_BY_NAMESPACE.get(namespaceOf(chain))?.has(method) ?? false
}

/** Raw-transaction sends carry blobs: their params may fill the whole body. */
const SENDS_OF_SIGNED_TRANSACTIONS: ReadonlySet<string> = new Set(['eth_sendRawTransaction'])

/** The largest params (bytes of JSON text) a call of `method` may carry. */
export function rpcParamsLimitBytes(method: string): number {
  return SENDS_OF_SIGNED_TRANSACTIONS.has(method) ? RPC_BODY_LIMIT_BYTES : RPC_PARAMS_LIMIT_BYTES
}
