// @vitest-environment node
// The chain rules a dapp's request must keep: one that breaks them is refused with its own
// message before the confirm shows, before anything is read from the chain, signed or sent.
// Nothing is repaired (no tip lowered to the fee cap, no field dropped). The chain here is a
// stand-in that answers and records: a refusal never reaches it, and a test that lets a request
// through sees what was signed and sent.
import { EMBEDDED_WALLET_CHAIN_IDS } from '@portico/protocol/embedded-wallet-limits'
import { type Hex, keccak256, type LocalAccount, parseGwei, parseTransaction, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { NOTHING_KNOWN } from './chain-catalog'
import type { RequestDetails } from './describe-request'
import type { RpcRead } from './rpc-proxy'
import { type RpcContext, routeRpcRequest } from './rpc-router'

const ETHEREUM = 1
const TO = '0x00000000000000000000000000000000000000a1'
const MAX_UINT256_PLUS_ONE = toHex(2n ** 256n)

/** A wallet, a confirm that approves, and a chain stand-in, each recording what it was asked. */
function setup() {
  const key = privateKeyToAccount(generatePrivateKey())
  const signed: unknown[] = []
  const account: LocalAccount = {
    ...key,
    async signTransaction(transaction, options) {
      signed.push(transaction)
      return key.signTransaction(transaction, options)
    },
  }
  const reads: string[] = []
  const sent: Hex[] = []
  const answers: Record<string, unknown> = {
    eth_getBlockByNumber: { baseFeePerGas: toHex(parseGwei('1')) },
    eth_getTransactionCount: '0x0',
    eth_estimateGas: '0x5208',
    eth_maxPriorityFeePerGas: toHex(parseGwei('1')),
    eth_gasPrice: toHex(parseGwei('2')),
  }
  const read: RpcRead = async (_chainId, method, params) => {
    reads.push(method)
    if (method === 'eth_sendRawTransaction') {
      const raw = (params as [Hex])[0]
      sent.push(raw)
      return keccak256(raw)
    }
    return answers[method]
  }
  const shown: RequestDetails[] = []
  const switched: number[] = []
  const context: RpcContext = {
    bundles: new Map(),
    account: () => account,
    switchChain: (chainId) => switched.push(chainId),
    read,
    catalog: async () => NOTHING_KNOWN,
    async withApproval(_method, details, work) {
      shown.push(details)
      return work()
    },
  }
  return { account, context, shown, reads, signed, sent, switched }
}

type Setup = ReturnType<typeof setup>

/** A request from the dapp, on Ethereum unless `chainId` says otherwise. */
function ask(
  wallet: Setup,
  method: string,
  params: unknown[],
  chainId: number = ETHEREUM,
): Promise<unknown> {
  return routeRpcRequest({ method, params, chainId }, wallet.context)
}

function sendTransaction(
  wallet: Setup,
  fields: Record<string, unknown>,
  chainId: number = ETHEREUM,
): Promise<unknown> {
  const transaction = { from: wallet.account.address, to: TO, value: '0x1', ...fields }
  return ask(wallet, 'eth_sendTransaction', [transaction], chainId)
}

/** The visitor saw no confirm; nothing was read, signed or sent. */
function expectNothingDone(wallet: Setup) {
  expect(wallet.shown).toEqual([])
  expect(wallet.reads).toEqual([])
  expect(wallet.signed).toEqual([])
  expect(wallet.sent).toEqual([])
}

describe('the chain id', () => {
  it('refuses a transaction whose chainId is not a positive integer', async () => {
    for (const chainId of ['0x0', '0xfoo', -1, 1.5]) {
      const wallet = setup()
      await expect(sendTransaction(wallet, { chainId })).rejects.toMatchObject({
        message: `Chain id ${String(chainId)} is invalid: a chain id is a positive integer`,
        code: -32602,
      })
      expectNothingDone(wallet)
    }
  })

  it('refuses wallet_sendCalls for chain 0', async () => {
    const wallet = setup()
    await expect(
      ask(wallet, 'wallet_sendCalls', [
        { version: '2.0.0', chainId: '0x0', calls: [{ to: TO, value: '0x1' }] },
      ]),
    ).rejects.toThrow('Chain id 0x0 is invalid: a chain id is a positive integer')
    expectNothingDone(wallet)
  })

  it('refuses a switch to chain 0 and stays on its chain', async () => {
    const wallet = setup()
    await expect(ask(wallet, 'wallet_switchEthereumChain', [{ chainId: '0x0' }])).rejects.toThrow(
      'Chain id 0x0 is invalid: a chain id is a positive integer',
    )
    expect(wallet.switched).toEqual([])
  })

  it('refuses a transaction on a chain the embedded wallet does not know', async () => {
    const wallet = setup()
    await expect(sendTransaction(wallet, {}, 31337)).rejects.toMatchObject({
      message: 'Chain 31337 is not supported by the embedded wallet',
      code: 4902,
    })
    expectNothingDone(wallet)
  })

  it('refuses a transaction whose own chainId is unknown, or is not the wallet’s chain', async () => {
    const unknown = setup()
    await expect(sendTransaction(unknown, { chainId: '0x7a69' })).rejects.toThrow(
      'Chain 31337 is not supported by the embedded wallet',
    )
    expectNothingDone(unknown)
    const other = setup()
    await expect(sendTransaction(other, { chainId: '0x2105' })).rejects.toMatchObject({
      message: 'The transaction is for chain 8453, but the wallet is on chain 1',
      code: -32602,
    })
    expectNothingDone(other)
  })

  it('refuses a switch to a chain it does not know and stays on its chain', async () => {
    const wallet = setup()
    await expect(
      ask(wallet, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }]),
    ).rejects.toMatchObject({
      message: 'Chain 31337 is not supported by the embedded wallet',
      code: 4902,
    })
    expect(wallet.switched).toEqual([])
  })

  it('knows 24 EVM chains, the networks the product defines and Sepolia among them, and goes on to the confirm there', async () => {
    expect(EMBEDDED_WALLET_CHAIN_IDS).toHaveLength(24)
    expect(EMBEDDED_WALLET_CHAIN_IDS).toEqual(
      expect.arrayContaining([1, 10, 137, 8453, 42_161, 43_114, 11_155_111]),
    )
    const wallet = setup()
    await sendTransaction(wallet, { chainId: '0x1' })
    expect(wallet.shown).toHaveLength(1)
    expect(wallet.sent).toHaveLength(1)
  })
})

describe('the fees', () => {
  it('refuses a tip above the fee cap instead of lowering it', async () => {
    const wallet = setup()
    await expect(
      sendTransaction(wallet, {
        maxFeePerGas: toHex(parseGwei('1')),
        maxPriorityFeePerGas: toHex(parseGwei('2')),
      }),
    ).rejects.toMatchObject({
      message:
        'The tip (maxPriorityFeePerGas = 2 gwei) cannot be higher than the fee cap (maxFeePerGas = 1 gwei)',
      code: -32602,
    })
    expectNothingDone(wallet)
  })

  it('refuses a fee above 2^256-1 before the confirm shows', async () => {
    const cases = [
      [{ maxFeePerGas: MAX_UINT256_PLUS_ONE }, 'The fee cap (maxFeePerGas)'],
      [{ maxPriorityFeePerGas: MAX_UINT256_PLUS_ONE }, 'The tip (maxPriorityFeePerGas)'],
      [{ gasPrice: MAX_UINT256_PLUS_ONE }, 'The gas price (gasPrice)'],
    ] as const
    for (const [fields, name] of cases) {
      const wallet = setup()
      await expect(sendTransaction(wallet, fields)).rejects.toMatchObject({
        message: `${name} cannot be higher than the maximum allowed value (2^256-1)`,
        code: -32602,
      })
      expectNothingDone(wallet)
    }
  })

  it('refuses a legacy gasPrice mixed with maxFeePerGas or maxPriorityFeePerGas instead of dropping them', async () => {
    for (const fields of [
      { gasPrice: toHex(parseGwei('2')), maxFeePerGas: toHex(parseGwei('3')) },
      { gasPrice: toHex(parseGwei('2')), maxPriorityFeePerGas: toHex(parseGwei('1')) },
    ]) {
      const wallet = setup()
      await expect(sendTransaction(wallet, fields)).rejects.toMatchObject({
        message: 'gasPrice cannot be mixed with maxFeePerGas or maxPriorityFeePerGas',
        code: -32602,
      })
      expectNothingDone(wallet)
    }
  })

  it('refuses a call of wallet_sendCalls that breaks a fee rule before the confirm shows', async () => {
    const wallet = setup()
    await expect(
      ask(wallet, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          from: wallet.account.address,
          chainId: '0x1',
          atomicRequired: false,
          calls: [
            { to: TO, value: '0x1' },
            { to: TO, value: '0x1', gasPrice: '0x1', maxFeePerGas: '0x2' },
          ],
        },
      ]),
    ).rejects.toThrow('gasPrice cannot be mixed with maxFeePerGas or maxPriorityFeePerGas')
    expectNothingDone(wallet)
  })
})

describe('access lists and blob hashes', () => {
  const slot = `0x${'00'.repeat(31)}01` as const

  it('refuses a storage key that is not 32 bytes instead of dropping the access list', async () => {
    const wallet = setup()
    await expect(
      sendTransaction(wallet, { accessList: [{ address: TO, storageKeys: [slot, '0x01'] }] }),
    ).rejects.toMatchObject({
      message: 'Storage key 0x01 is 1 bytes: a storage key is 32 bytes',
      code: -32602,
    })
    expectNothingDone(wallet)
  })

  it('signs a well-formed access list into the transaction it sends', async () => {
    const wallet = setup()
    await sendTransaction(wallet, { accessList: [{ address: TO, storageKeys: [slot] }] })
    expect(wallet.sent).toHaveLength(1)
    expect(parseTransaction(wallet.sent[0] as Hex).accessList).toEqual([
      { address: TO, storageKeys: [slot] },
    ])
  })

  it('refuses a blob versioned hash that is not 32 bytes', async () => {
    const wallet = setup()
    await expect(
      sendTransaction(wallet, { blobVersionedHashes: [`0x01${'00'.repeat(30)}`] }),
    ).rejects.toMatchObject({
      message: `Blob versioned hash 0x01${'00'.repeat(30)} is 31 bytes: a blob versioned hash is 32 bytes`,
      code: -32602,
    })
    expectNothingDone(wallet)
  })

  it('refuses a blob transaction, which it cannot send, instead of sending it without its blobs', async () => {
    const wallet = setup()
    await expect(
      sendTransaction(wallet, { blobVersionedHashes: [`0x01${'00'.repeat(31)}`] }),
    ).rejects.toMatchObject({
      message: 'The embedded wallet does not send blob transactions',
      code: 4200,
    })
    expectNothingDone(wallet)
  })
})
