// @vitest-environment node
// The confirm's words against the real server on a seeded devnet chain (Uniswap V2 pools, USDC,
// PRTC): the token list and the router come from GET /v1/convert/tokens, the ETH price from
// POST /v1/fungible/price, the fee from the chain through the RPC proxy, and the swap itself is
// the one our server builds for the modal.
import { DEVNET_CONTRACTS, type Devnet, startDevnet } from '@portico/devnet'
import type { ConvertTransactionAnswer } from '@portico/protocol/convert'
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'
import { DEV_PROJECT_ID, type RunningServer } from '@portico/server'
import { devnetBalanceConfig, devnetConvertConfig } from '@portico/server/testing'
import { maxUint256, parseEther, stringToHex, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChainCatalog, createChainCatalog } from './chain-catalog'
import { type DescribeDeps, describeRequest } from './describe-request'
import { createRpcProxy } from './rpc-proxy'
import { type FrameTestServer, startFrameTestServer } from './test/frame-test-server'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let devnet: Devnet
let server: RunningServer
let running: FrameTestServer | undefined
let deps: DescribeDeps
let catalog: ChainCatalog

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  const rpcUrl = devnet.chains[0]?.rpcUrl as string
  running = await startFrameTestServer({
    overrides: { chains: { 1: rpcUrl }, ...devnetBalanceConfig([1]), ...devnetConvertConfig([1]) },
  })
  server = running.server
  catalog = createChainCatalog(server.url, DEV_PROJECT_ID)
  deps = { account: ME, read: createRpcProxy(server.url, DEV_PROJECT_ID), catalog }
}, 90_000)

afterAll(async () => {
  await running?.stop()
  await devnet?.stop()
})

describe('the chain catalog', () => {
  it('knows the server’s tokens, its router and the price of ETH', async () => {
    const known = await catalog(1, { price: true })
    expect([...known.tokens.values()].map((token) => [token.symbol, token.decimals])).toEqual([
      ['USDC', 6],
      ['PRTC', 18],
    ])
    expect(known.router).toBe(DEVNET_CONTRACTS.uniswapV2Router.toLowerCase())
    expect(known.nativeUsd).toBeGreaterThan(100)
  })

  it('knows nothing of a chain without swaps, or when the server does not answer', async () => {
    expect((await catalog(8453)).tokens.size).toBe(0)
    const unreachable = createChainCatalog('http://127.0.0.1:9', DEV_PROJECT_ID)
    expect(await unreachable(1)).toEqual({ tokens: new Map() })
  })
})

describe('the confirm’s words', () => {
  it('puts the swap our server builds in one sentence, names router and network, and gives the fee in ETH and USD', async () => {
    const response = await fetch(
      `${server.url}/v1/convert/build-transaction?projectId=${DEV_PROJECT_ID}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: parseEther('0.005').toString(),
          projectId: DEV_PROJECT_ID,
          from: `eip155:1:${NATIVE_TOKEN_ADDRESS}`,
          to: `eip155:1:${DEVNET_CONTRACTS.usdc}`,
          userAddress: ME,
        }),
      },
    )
    const { tx } = (await response.json()) as ConvertTransactionAnswer
    const transaction = {
      from: ME,
      to: tx.to.split(':')[2],
      data: tx.data,
      value: toHex(BigInt(tx.amount)),
      gas: toHex(BigInt(tx.eip155.gas)),
    }
    const details = await describeRequest('eth_sendTransaction', [transaction], 1, deps)
    expect(details.title).toMatch(/^Swap 0\.005 ETH for at least 1[0-9]\.\d{1,6} USDC on Ethereum$/)
    expect(details.rows).toContainEqual({ label: 'Network', value: 'Ethereum' })
    expect(details.rows).toContainEqual({
      label: 'Contract',
      value: 'Uniswap V2 router (0xb19b…f431)',
    })
    expect(details.rows.find((row) => row.label === 'Network fee')?.value).toMatch(
      /^about 0\.\d+ ETH \((\$\d+\.\d\d|<\$0\.01)\)$/,
    )
    expect(details.warnings).toEqual([])
    // What was asked exactly stays behind Details.
    expect(details.raw).toContainEqual({ label: 'Data', value: tx.data })
    expect(details.raw).toContainEqual({
      label: 'Value (wei)',
      value: parseEther('0.005').toString(),
    })
  })

  it('shows a message as text, and warns on one that is data', async () => {
    const text = await describeRequest(
      'personal_sign',
      [stringToHex('Log in to Example'), ME],
      1,
      deps,
    )
    expect(text.title).toBe('Sign message')
    expect(text.rows).toEqual([{ label: 'Message', value: 'Log in to Example' }])
    expect(text.warnings).toEqual([])
    const data = await describeRequest('personal_sign', [`0x${'00ff'.repeat(16)}`, ME], 1, deps)
    expect(data.warnings).toEqual([
      'This message is not text but data. Sign it only if you trust the page that asks.',
    ])
  })

  it('reads an EIP-2612 permit of a known token like an approval, warning when it is unlimited', async () => {
    const permit = {
      domain: {
        name: 'USD Coin',
        version: '1',
        chainId: 1,
        verifyingContract: DEVNET_CONTRACTS.usdc,
      },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: {
        owner: ME,
        spender: DEVNET_CONTRACTS.uniswapV2Router,
        value: maxUint256.toString(),
        nonce: '0',
        deadline: '1900000000',
      },
    }
    const details = await describeRequest(
      'eth_signTypedData_v4',
      [ME, JSON.stringify(permit)],
      1,
      deps,
    )
    expect(details.title).toBe(
      'Allow Uniswap V2 router to spend all your USDC (a permit: no transaction)',
    )
    expect(details.rows.slice(0, 3)).toEqual([
      { label: 'App', value: 'USD Coin' },
      { label: 'Network', value: 'Ethereum' },
      { label: 'Contract', value: 'USDC (0x8ce3…B7af)' },
    ])
    expect(details.warnings).toEqual([
      'Unlimited approval: Uniswap V2 router could take all your USDC, now and later, until you revoke it.',
    ])
  })
})
