import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalUpstream, startLocalUpstream } from '../test/local-upstream'
import {
  expectErrorAnswer,
  postRpc,
  rpcCall,
  rpcNotification,
  rpcProxyUrl,
} from '../test/rpc-proxy-client'
import { startTestServer, type TestServer } from '../test/test-server'

let anvil: Anvil
let elsewhere: LocalUpstream
let server: TestServer

beforeAll(async () => {
  ;[anvil, elsewhere] = await Promise.all([startAnvil({ chainId: 1 }), startLocalUpstream([])])
  server = await startTestServer({
    chains: { 1: anvil.rpcUrl, 'bip122:000000000019d6689c085ae165831e93': elsewhere.url },
  })
})
afterAll(async () => {
  await Promise.all([server?.stop(), anvil?.stop(), elsewhere?.close()])
})

const [holder, , receiver, signer] = DEV_ACCOUNTS
const rpc = (body: unknown) => postRpc(server.url, 'eip155:1', body)
/** The node itself, not the proxy: what really happened on the chain. */
const node = () => createPublicClient({ chain: mainnet, transport: http(anvil.rpcUrl) })

async function chainState() {
  const chain = node()
  const balance = (address: Address) => chain.getBalance({ address })
  return {
    holder: await balance(holder.address),
    receiver: await balance(receiver.address),
    holderNonce: await chain.getTransactionCount({ address: holder.address }),
    block: await chain.getBlockNumber(),
  }
}

const NOT_ALLOWED = ['RPC_METHOD_NOT_ALLOWED', 'Requested RPC call is not allowed'] as const

describe('POST /v1 forwards only the methods on the allow list', () => {
  it('refuses eth_sendUnsignedTransaction, and the funds stay where they were', async () => {
    const before = await chainState()
    const transfer = { from: holder.address, to: receiver.address, value: '0xde0b6b3a7640000' }
    await expectErrorAnswer(
      await rpc(rpcCall('eth_sendUnsignedTransaction', 1, [transfer])),
      400,
      ...NOT_ALLOWED,
    )
    await expectErrorAnswer(
      await rpc([
        rpcCall('eth_chainId', 1),
        rpcNotification('eth_sendUnsignedTransaction', [transfer]),
      ]),
      400,
      ...NOT_ALLOWED,
    )
    expect(await chainState()).toEqual(before)
  })

  it("refuses eth_accounts and eth_coinbase, and names none of the node's accounts", async () => {
    for (const method of ['eth_accounts', 'eth_coinbase']) {
      const response = await rpc(rpcCall(method))
      const text = (await response.text()).toLowerCase()
      expect(response.status).toBe(400)
      expect(JSON.parse(text).error.code).toBe('rpc_method_not_allowed')
      for (const account of DEV_ACCOUNTS) expect(text).not.toContain(account.address.toLowerCase())
    }
  })

  it.each([
    ['anvil_setBalance', [holder.address, '0x0']],
    ['anvil_mine', ['0x5']],
    ['evm_mine', []],
    ['hardhat_setBalance', [holder.address, '0x0']],
    ['anvil_impersonateAccount', [holder.address]],
    ['debug_traceCall', [{ to: receiver.address }, 'latest']],
    ['eth_sendTransaction', [{ from: holder.address, to: receiver.address, value: '0x1' }]],
    ['eth_sign', [holder.address, '0x00']],
    ['eth_signTransaction', [{ from: holder.address, to: receiver.address }]],
    ['personal_sendTransaction', [{ from: holder.address, to: receiver.address }, '']],
    ['eth_mining', []],
    ['eth_newFilter', [{}]],
    ['web3_clientVersion', []],
    ['txpool_content', []],
    ['admin_nodeInfo', []],
    ['ots_getApiLevel', []],
    ['eth_frobnicate', []],
    ['toString', []],
    ['__proto__', []],
  ])(
    'refuses %s alone, as a notification and in a batch, and the chain is unchanged',
    async (method, params) => {
      const before = await chainState()
      for (const body of [
        rpcCall(method, 1, params),
        rpcNotification(method, params),
        [rpcCall('eth_blockNumber', 1), rpcCall(method, 2, params)],
      ]) {
        await expectErrorAnswer(await rpc(body), 400, ...NOT_ALLOWED)
      }
      expect(await chainState()).toEqual(before)
    },
  )

  it('forwards nothing to a chain whose namespace has no allow list', async () => {
    const bitcoin = 'bip122:000000000019d6689c085ae165831e93'
    for (const method of ['eth_chainId', 'getblockcount', 'sendrawtransaction']) {
      await expectErrorAnswer(
        await postRpc(server.url, bitcoin, rpcCall(method)),
        400,
        ...NOT_ALLOWED,
      )
    }
    expect(elsewhere.calls).toHaveLength(0)
  })
})

describe('POST /v1 still serves what the modal and wallets send', () => {
  const proxy = () =>
    createPublicClient({ chain: mainnet, transport: http(rpcProxyUrl(server.url, '1')) })

  it('answers the reads viem makes as the node does', async () => {
    const [viaProxy, direct] = [proxy(), node()]
    const address = holder.address
    const head = await direct.getBlockNumber()
    const reads = (client: typeof viaProxy) =>
      Promise.all([
        client.getChainId(),
        client.getBalance({ address, blockNumber: head }),
        client.getTransactionCount({ address, blockNumber: head }),
        client.getCode({ address, blockNumber: head }),
        client.getStorageAt({ address, slot: '0x0', blockNumber: head }),
        client.getBlock({ blockNumber: head }),
        client.getGasPrice(),
        client.estimateMaxPriorityFeePerGas(),
        client.getFeeHistory({ blockCount: 1, rewardPercentiles: [50], blockNumber: head }),
        client.estimateGas({ account: address, to: receiver.address, value: 1n }),
        client.getLogs({ fromBlock: 0n, toBlock: head }),
        client.getProof({ address, storageKeys: [], blockNumber: head }),
        client.request({ method: 'net_version' }),
      ])
    expect(await reads(viaProxy)).toEqual(await reads(direct))
  })

  it('answers eth_call, and refuses none of the calls viem batches', async () => {
    const data = encodeFunctionData({
      abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
      args: [holder.address],
    })
    const response = await rpc([
      rpcCall('eth_call', 1, [{ to: receiver.address, data }, 'latest']),
      rpcCall('eth_getTransactionByHash', 2, [`0x${'00'.repeat(32)}`]),
      rpcCall('eth_getTransactionReceipt', 3, [`0x${'00'.repeat(32)}`]),
      rpcCall('eth_getBlockByNumber', 4, ['latest', false]),
    ])
    expect(response.status).toBe(200)
    const answers = (await response.json()) as { id: number; result?: unknown }[]
    expect(answers.map((answer) => [answer.id, 'result' in answer])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ])
  })

  it('sends a transaction a local account signed, and the receipt comes back', async () => {
    const sender = privateKeyToAccount(signer.privateKey)
    const wallet = createWalletClient({
      account: sender,
      chain: mainnet,
      transport: http(rpcProxyUrl(server.url, 'eip155:1')),
    })
    const before = await node().getBalance({ address: receiver.address })
    const hash = await wallet.sendTransaction({ to: receiver.address, value: parseEther('0.25') })
    const receipt = await proxy().waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect((await proxy().getTransaction({ hash })).from).toBe(sender.address.toLowerCase())
    expect(await node().getBalance({ address: receiver.address })).toBe(before + parseEther('0.25'))
  })
})
