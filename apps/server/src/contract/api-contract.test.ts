// The contract between the modal and the server, checked on real answers: the real server on a
// seeded anvil devnet (indexer on, prices from its pools), every route of the Blockchain,
// Wallet, telemetry, sign-in and embedded wallet APIs called as the modal (or its frame) calls
// it, the RPC proxy as viem calls it and every relay method as the WalletConnect SDKs call it,
// and each answer held to the
// @portico/protocol schema the modal's types come from. A field renamed, retyped, dropped or
// given a value outside its set on the server's side fails here, also where the server sends
// JSON text it wrote itself (/getWallets) rather than through its serializer.
import { randomBytes } from 'node:crypto'
import {
  DEV_ACCOUNTS,
  DEVNET_CONTRACTS,
  type MailCatcher,
  type RunningIdentityProvider,
  socialLoginEnv,
  startIdentityProvider,
  startMailCatcher,
} from '@portico/devnet'
import {
  AuthenticateAnswer,
  AuthSession,
  NonceAnswer,
  SessionsAnswer,
} from '@portico/protocol/auth'
import {
  ConvertAllowanceAnswer,
  type ConvertBuildTransactionBody,
  ConvertGasPriceAnswer,
  ConvertQuotesAnswer,
  ConvertTokensAnswer,
  ConvertTransactionAnswer,
} from '@portico/protocol/convert'
import {
  AuthShareAnswer,
  EmailOtpAnswer,
  EmailVerifyAnswer,
  ExportOtpAnswer,
  MeAnswer,
  RecoveryShareAnswer,
  UpdateEmailAnswer,
  UpdateEmailPrimaryAnswer,
  UpdateEmailSecondaryAnswer,
  WalletAnswer,
} from '@portico/protocol/embedded-wallet-api'
import { ErrorAnswer } from '@portico/protocol/error-answer'
import {
  ChannelStatusAnswer,
  CreateChannelAnswer,
  FarcasterLoginAnswer,
} from '@portico/protocol/farcaster-auth'
import { FungiblePriceAnswer, type FungiblePriceBody } from '@portico/protocol/fungible-price'
import { HistoryPage } from '@portico/protocol/history'
import { Identity } from '@portico/protocol/identity'
import { NftPage } from '@portico/protocol/nfts'
import {
  OnrampOptions,
  OnrampOrder,
  OnrampQuote,
  type OnrampQuoteBody,
  OnrampUrlAnswer,
  type OnrampUrlBody,
} from '@portico/protocol/onramp'
import {
  RelayErrorFrame,
  RelayRequestFrame,
  RelayResultFrame,
} from '@portico/protocol/relay-frames'
import {
  RELAY_METHOD_SHAPES,
  type RelayMethodName,
  RelaySubscriptionParams,
} from '@portico/protocol/relay-methods'
import { RpcProxyAnswer, type RpcProxyBody } from '@portico/protocol/rpc-proxy'
import { formatSiwxMessage } from '@portico/protocol/siwx-message'
import {
  SocialCallbackResult,
  SocialRedeemAnswer,
  SocialStartAnswer,
} from '@portico/protocol/social-login'
import { SupportedChains } from '@portico/protocol/supported-chains'
import { ErrorEventAccepted, type ErrorEventBody } from '@portico/protocol/telemetry'
import { AccountBalanceAnswer } from '@portico/protocol/token-balance'
import { AnalyticsConfig, ProjectOrigins, WalletPage } from '@portico/protocol/wallets'
import { Ajv } from 'ajv'
import type { Static, TSchema } from 'typebox'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEmbeddedWalletConfig } from '../embedded-wallet/embedded-wallet-config'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { readSocialLoginConfig } from '../social/social-config'
import { type DevnetServer, startDevnetServer } from '../test/devnet-server'
import { TEST_INDEXER_POLL_MS, waitUntilIndexed } from '../test/indexer-caught-up'
import { splitKey, walletBody } from '../test/key-split'
import { redeemSecretPair } from '../test/redeem-secret-pair'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, type Frame } from '../test/relay-socket'
import { Browser, begun, callBack, throughProvider } from '../test/social-login-client'

const NATIVE_TOKEN = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const ORIGIN = 'http://localhost:3000'
/** The embedded wallet's routes are called by the frame, from its own origin (no page's). */
const FRAME_ORIGIN = 'http://wallet-frame.portico.test:8788'
const originFor = (path: string) =>
  path.startsWith('/v1/embedded-wallet/') ? FRAME_ORIGIN : ORIGIN

let devnet: DevnetServer
let catcher: MailCatcher
let identity: RunningIdentityProvider

beforeAll(async () => {
  catcher = await startMailCatcher()
  identity = await startIdentityProvider()
  devnet = await startDevnetServer({
    config: {
      embeddedWallet: readEmbeddedWalletConfig({
        SMTP_URL: catcher.smtpUrl,
        PORTICO_SHARE_SEAL_KEY: randomBytes(32).toString('hex'),
      }),
      socialLogin: readSocialLoginConfig(socialLoginEnv(identity)),
      indexer: { enabled: true, pollIntervalMs: TEST_INDEXER_POLL_MS },
      spamCollections: [`eip155:1:${DEVNET_CONTRACTS.spamNft}`],
      onramp: {
        sandbox: { treasuryKey: (DEV_ACCOUNTS[8] as { privateKey: `0x${string}` }).privateKey },
      },
      // The devnet's IdRegistry on chain 1 (the real one is on OP mainnet, which it does not run).
      farcaster: {
        registryChainId: 'eip155:1',
        registryAddress: DEVNET_CONTRACTS.idRegistry,
        connectUrl: 'https://farcaster.xyz/~/siwf',
      },
      frameOrigin: FRAME_ORIGIN,
    },
  })
  await waitUntilIndexed(devnet.server.app.portico.db, { chainId: 1, rpcUrl: devnet.rpcUrl })
})
afterAll(async () => {
  await Promise.all([devnet?.stop(), catcher?.stop(), identity?.stop()])
})

// As the server validates what it is sent: nothing coerced, nothing stripped.
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true })

/** The answer's JSON, after asserting its status and that it follows `schema`. */
async function answerOf<T extends TSchema>(
  response: Response,
  status: number,
  schema: T,
): Promise<Static<T>> {
  const body: unknown = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(status)
  const validate = ajv.compile(schema)
  expect(validate(body) ? [] : validate.errors, JSON.stringify(body).slice(0, 2000)).toEqual([])
  return body as Static<T>
}

const account = (DEV_ACCOUNTS[0] as { address: string }).address

function url(path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams({ projectId: DEV_PROJECT_ID, st: 'portico', sv: '0.1.0' })
  for (const [name, value] of Object.entries(query)) search.set(name, value)
  return `${devnet.server.url}${path}?${search}`
}

const get = (path: string, query?: Record<string, string>, headers: HeadersInit = {}) =>
  fetch(url(path, query), { headers: { origin: originFor(path), ...headers } })

const post = (path: string, body?: unknown, headers: HeadersInit = {}) =>
  fetch(url(path), {
    method: 'POST',
    headers: {
      origin: originFor(path),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

describe('the Blockchain API answers as the modal reads it', () => {
  it('GET /v1/account/{address}/balance: priced native and token balances', async () => {
    const { balances } = await answerOf(
      await get(`/v1/account/${account}/balance`, { currency: 'usd', chainId: 'eip155:1' }),
      200,
      AccountBalanceAnswer,
    )
    expect(balances.filter((balance) => balance.price !== undefined).length).toBeGreaterThan(1)
  })

  it('POST /v1/fungible/price: the native coin and USDC, each with its price', async () => {
    const body: FungiblePriceBody = {
      currency: 'usd',
      addresses: [`eip155:1:${NATIVE_TOKEN}`, `eip155:1:${DEVNET_CONTRACTS.usdc}`],
      projectId: DEV_PROJECT_ID,
    }
    const { fungibles } = await answerOf(
      await post('/v1/fungible/price', body),
      200,
      FungiblePriceAnswer,
    )
    expect(fungibles.map((fungible) => fungible.price !== undefined)).toEqual([true, true])
  })

  it('GET /v1/account/{account}/history: token and NFT transfers', async () => {
    const { data } = await answerOf(
      await get(`/v1/account/${account}/history`, { chainId: 'eip155:1' }),
      200,
      HistoryPage,
    )
    const transfers = data.flatMap((item) => item.transfers)
    expect(transfers.some((transfer) => transfer.fungible_info !== undefined)).toBe(true)
    expect(transfers.some((transfer) => transfer.nft_info !== undefined)).toBe(true)
  })

  it('GET /v1/account/{account}/nfts: the ERC-721 and ERC-1155 tokens held', async () => {
    const { data } = await answerOf(
      await get(`/v1/account/${account}/nfts`, { chainId: 'eip155:1' }),
      200,
      NftPage,
    )
    expect(new Set(data.map((nft) => nft.standard))).toEqual(new Set(['ERC721', 'ERC1155']))
  })

  it('GET /v1/identity/{address} and GET /v1/supported-chains', async () => {
    await answerOf(await get(`/v1/identity/${account}`), 200, Identity)
    const chains = await answerOf(await get('/v1/supported-chains'), 200, SupportedChains)
    expect(chains.http).toContain('eip155:1')
  })

  it('a refusal: { error: { code, message } }', async () => {
    const { error } = await answerOf(await get('/v1/identity/0x1234'), 400, ErrorAnswer)
    expect(error.code).toBe('INVALID_ADDRESS')
  })
})

describe('the Wallet API and telemetry answer as the modal reads them', () => {
  it('GET /getWallets: a page of wallet list items and the count', async () => {
    const page = await answerOf(
      await get('/getWallets', { page: '1', entries: '40' }),
      200,
      WalletPage,
    )
    expect(page.data).toHaveLength(40)
  })

  it('GET /projects/v1/origins and GET /getAnalyticsConfig', async () => {
    await answerOf(await get('/projects/v1/origins'), 200, ProjectOrigins)
    await answerOf(await get('/getAnalyticsConfig'), 200, AnalyticsConfig)
  })

  it('POST /e takes the event the modal sends', async () => {
    const event: ErrorEventBody = {
      eventId: crypto.randomUUID(),
      url: `${ORIGIN}/`,
      domain: 'localhost',
      timestamp: Date.now(),
      props: { type: 'error', event: 'INTERNAL_SDK_ERROR', errorMessage: 'boom' },
    }
    const { accepted } = await answerOf(await post('/e', event), 202, ErrorEventAccepted)
    expect(accepted).toBe(true)
  })
})

describe('the sign-in API answers as the modal reads it', () => {
  it('nonce, sign-in with the message the modal writes, sessions, me, revoke', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const { nonce } = await answerOf(await post('/auth/v1/nonce'), 200, NonceAnswer)
    const message = formatSiwxMessage({
      accountAddress: wallet.address,
      chainId: 'eip155:1',
      domain: 'localhost:3000',
      uri: `${ORIGIN}/`,
      version: '1',
      nonce,
      statement: 'Sign in to Portico',
      issuedAt: new Date(devnet.clock.now).toISOString(),
      expirationTime: new Date(devnet.clock.now + 3_600_000).toISOString(),
    })
    const signature = await wallet.signMessage({ message })
    const { token, session } = await answerOf(
      await post('/auth/v1/authenticate', { message, signature }),
      200,
      AuthenticateAnswer,
    )
    const bearer = { authorization: `Bearer ${token}` }
    const { sessions } = await answerOf(
      await get('/auth/v1/sessions', { address: `eip155:1:${wallet.address}` }, bearer),
      200,
      SessionsAnswer,
    )
    expect(sessions.map((listed) => listed.id)).toEqual([session.id])
    await answerOf(await get('/auth/v1/me', {}, bearer), 200, AuthSession)

    const revoked = await fetch(url(`/auth/v1/sessions/${session.id}`), {
      method: 'DELETE',
      headers: { origin: ORIGIN, ...bearer },
    })
    expect({ status: revoked.status, body: await revoked.text() }).toEqual({
      status: 204,
      body: '',
    })
  })
})

describe('the onramp API answers as the modal reads it', () => {
  it('GET /v1/onramp/options, POST /v1/onramp/quote, onrampurl and the order', async () => {
    const options = await answerOf(await get('/v1/onramp/options'), 200, OnrampOptions)
    const network = options.purchaseCurrencies[0]?.networks[0]?.name as string
    const quoteBody: OnrampQuoteBody = {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100.00',
      network,
    }
    await answerOf(await post('/v1/onramp/quote', quoteBody), 200, OnrampQuote)
    const urlBody: OnrampUrlBody = {
      destinationWallets: [{ address: account, blockchains: [network], assets: ['ETH'] }],
      defaultNetwork: network,
      partnerUserId: account,
      defaultExperience: 'buy',
      presetFiatAmount: 100,
    }
    const { orderId } = await answerOf(
      await post('/v1/generators/onrampurl', urlBody),
      200,
      OnrampUrlAnswer,
    )
    const order = await answerOf(await get(`/v1/onramp/orders/${orderId}`), 200, OnrampOrder)
    expect(order.status).toBe('created')
    const refused = await answerOf(
      await post('/v1/onramp/quote', { ...quoteBody, amount: '5' }),
      400,
      ErrorAnswer,
    )
    expect(refused.error.code).toBe('ONRAMP_AMOUNT_OUT_OF_LIMITS')
  })
})

describe('the embedded wallet API answers as the frame reads it', () => {
  it('code, session, wallet, shares, rotation, e-mail change, export, sign-out', async () => {
    const ew = (path: string) => `/v1/embedded-wallet${path}`
    const codeAfter = async (to: string, since: number) =>
      /^(\d{6})$/m.exec((await catcher.waitForMail(to, { since })).text)?.[1] as string
    const put = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(url(path), {
        method: 'PUT',
        headers: { origin: FRAME_ORIGIN, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const email = `contract-${crypto.randomUUID()}@example.com`
    let since = catcher.count()
    const frameSecret = redeemSecretPair()
    const redeemChallenge = frameSecret.challenge
    const redeemSecret = frameSecret.secret
    await answerOf(await post(ew('/email/otp'), { email, redeemChallenge }), 200, EmailOtpAnswer)
    const otp = await codeAfter(email, since)
    const login = await answerOf(
      await post(ew('/email/verify'), { email, otp, redeemSecret }),
      200,
      EmailVerifyAnswer,
    )
    const bearer = { authorization: `Bearer ${login.session.token}` }
    const privateKey = generatePrivateKey()
    await answerOf(
      await post(ew('/wallet'), walletBody(await splitKey(privateKey)), bearer),
      201,
      WalletAnswer,
    )
    await answerOf(await get(ew('/me'), {}, bearer), 200, MeAnswer)
    await answerOf(await get(ew('/shares/auth'), {}, bearer), 200, AuthShareAnswer)
    // The recovery share goes to a new browser's fresh login (the maker's session has none).
    devnet.clock.advance(31_000)
    since = catcher.count()
    await answerOf(await post(ew('/email/otp'), { email, redeemChallenge }), 200, EmailOtpAnswer)
    const again = await answerOf(
      await post(ew('/email/verify'), { email, otp: await codeAfter(email, since), redeemSecret }),
      200,
      EmailVerifyAnswer,
    )
    const newBrowser = { authorization: `Bearer ${again.session.token}` }
    await answerOf(await get(ew('/shares/recovery'), {}, newBrowser), 200, RecoveryShareAnswer)
    const rotated = walletBody(await splitKey(privateKey))
    await answerOf(await put(ew('/wallet'), rotated, newBrowser), 200, WalletAnswer)

    devnet.clock.advance(31_000)
    const newEmail = `contract-${crypto.randomUUID()}@example.com`
    since = catcher.count()
    await answerOf(await post(ew('/email/update'), { newEmail }, bearer), 200, UpdateEmailAnswer)
    const primary = await codeAfter(email, since)
    since = catcher.count()
    await answerOf(
      await post(ew('/email/update/primary'), { otp: primary }, bearer),
      200,
      UpdateEmailPrimaryAnswer,
    )
    const secondary = await codeAfter(newEmail, since)
    await answerOf(
      await post(ew('/email/update/secondary'), { otp: secondary }, bearer),
      200,
      UpdateEmailSecondaryAnswer,
    )

    devnet.clock.advance(31_000)
    since = catcher.count()
    await answerOf(await post(ew('/export/otp'), undefined, bearer), 200, ExportOtpAnswer)
    const exportCode = await codeAfter(newEmail, since)
    await answerOf(
      await post(ew('/export/verify'), { otp: exportCode }, bearer),
      200,
      RecoveryShareAnswer,
    )
    expect((await post(ew('/sign-out'), undefined, bearer)).status).toBe(204)
    await answerOf(await get(ew('/me'), {}, bearer), 401, ErrorAnswer)
  })
})

describe('social login answers as the frame reads it', () => {
  it('start, the callback’s result URI, redeem, a refusal', async () => {
    const sl = (path: string) => `/v1/embedded-wallet/social${path}`
    const frameSecret = redeemSecretPair()
    const started = await answerOf(
      await post(sl('/start'), {
        provider: 'github',
        resultUri: `${ORIGIN}/social-result`,
        redeemChallenge: frameSecret.challenge,
      }),
      200,
      SocialStartAnswer,
    )
    const browser = new Browser()
    const run = await throughProvider(
      browser,
      devnet.server.url,
      await begun(browser, started, ORIGIN),
      {
        name: 'Contract Tester',
        email: `contract-${crypto.randomUUID()}@example.com`,
      },
    )
    const back = await callBack(browser, run)
    expect(back.status).toBe(303)
    const result = Object.fromEntries(back.result ?? [])
    const validate = ajv.compile(SocialCallbackResult)
    expect(validate(result) ? [] : validate.errors).toEqual([])
    await answerOf(
      await post(sl('/redeem'), {
        state: started.state,
        resultCode: result.resultCode,
        redeemSecret: frameSecret.secret,
      }),
      200,
      SocialRedeemAnswer,
    )
    await answerOf(
      await post(sl('/redeem'), {
        state: started.state,
        resultCode: result.resultCode,
        redeemSecret: frameSecret.secret,
      }),
      401,
      ErrorAnswer,
    )
    await answerOf(
      await post(sl('/start'), {
        provider: 'myspace',
        resultUri: ORIGIN,
        redeemChallenge: frameSecret.challenge,
      }),
      400,
      ErrorAnswer,
    )
  })
})

describe('the Farcaster auth relay and login answer as the public relay and the frame read them', () => {
  it('channel, pending and completed status, authenticate, login, a refusal', async () => {
    const custody = privateKeyToAccount(
      (DEV_ACCOUNTS[2] as { privateKey: `0x${string}` }).privateKey,
    )
    const frameSecret = redeemSecretPair()
    const channel = await answerOf(
      await post('/v1/channel', {
        domain: 'localhost:3000',
        siweUri: 'http://localhost:3000/',
        redeemChallenge: frameSecret.challenge,
      }),
      201,
      CreateChannelAnswer,
    )
    const bearer = { authorization: `Bearer ${channel.channelToken}` }
    await answerOf(await get('/v1/channel/status', {}, bearer), 202, ChannelStatusAnswer)
    const message = formatSiwxMessage({
      domain: 'localhost:3000',
      accountAddress: custody.address,
      statement: 'Farcaster Auth',
      uri: 'http://localhost:3000/',
      version: '1',
      chainId: 'eip155:10',
      nonce: channel.nonce,
      issuedAt: new Date(devnet.clock.now).toISOString(),
      resources: ['farcaster://fid/1'],
    })
    const signed = {
      message,
      signature: await custody.signMessage({ message }),
      fid: 1,
      username: 'portico-dev',
    }
    await answerOf(await post('/v1/channel/authenticate', signed, bearer), 201, ChannelStatusAnswer)
    await answerOf(await post('/v1/channel/authenticate', signed, bearer), 409, ErrorAnswer)
    await answerOf(await get('/v1/channel/status', {}, bearer), 200, ChannelStatusAnswer)
    await answerOf(
      await post('/v1/embedded-wallet/farcaster/login', {
        channelToken: channel.channelToken,
        redeemSecret: frameSecret.secret,
      }),
      200,
      FarcasterLoginAnswer,
    )
  })
})

describe('the RPC proxy answers as viem reads it', () => {
  const rpc = (body: RpcProxyBody) =>
    fetch(url('/v1', { chainId: 'eip155:1' }), {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('POST /v1: a request, a batch with a notification and a node error, a refusal', async () => {
    const one = await answerOf(
      await rpc({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }),
      200,
      RpcProxyAnswer,
    )
    expect(one).toEqual({ jsonrpc: '2.0', id: 7, result: '0x1' })

    const batch = await answerOf(
      await rpc([
        { jsonrpc: '2.0', id: 'a', method: 'eth_getBalance', params: [account, 'latest'] },
        { jsonrpc: '2.0', method: 'eth_blockNumber', params: [] },
        { jsonrpc: '2.0', id: null, method: 'eth_getBalance', params: ['0x12', 'latest'] },
      ]),
      200,
      RpcProxyAnswer,
    )
    expect(Array.isArray(batch) && batch.map((answer) => [answer.id, 'error' in answer])).toEqual([
      ['a', false],
      [null, true],
    ])

    const { error } = await answerOf(
      await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_sign', params: [account, '0x00'] }),
      400,
      ErrorAnswer,
    )
    expect(error.code).toBe('RPC_METHOD_NOT_ALLOWED')
  })
})

describe('the relay answers as the WalletConnect SDKs read it', () => {
  const topic = (digit: string) => digit.repeat(64)

  /** The answer to `method`, held to its result frame in the protocol. */
  function resultOf<M extends RelayMethodName>(method: M, frame: Frame): unknown {
    const validate = ajv.compile(RelayResultFrame(RELAY_METHOD_SHAPES[method].result))
    expect(validate(frame) ? [] : validate.errors, JSON.stringify(frame)).toEqual([])
    return frame.result
  }
  const validDelivery = ajv.compile(RelayRequestFrame('irn_subscription', RelaySubscriptionParams))
  const validError = ajv.compile(RelayErrorFrame)

  it('every method the relay serves, a delivery and the refusals', async () => {
    const wallet = await connectRaw(devnet.server, createRelayTestIdentity())
    const dapp = await connectRaw(devnet.server, createRelayTestIdentity())
    try {
      const id = resultOf(
        'irn_subscribe',
        await wallet.call(1, 'irn_subscribe', { topic: topic('1') }),
      )
      resultOf(
        'irn_batchSubscribe',
        await wallet.call(2, 'irn_batchSubscribe', { topics: [topic('2'), topic('3')] }),
      )
      const publish = { topic: topic('1'), message: 'aGVsbG8=', ttl: 300, tag: 1108, prompt: false }
      expect(resultOf('irn_publish', await dapp.call('p1', 'irn_publish', publish))).toBe(true)
      const delivery = await wallet.delivery()
      expect(validDelivery(delivery) ? [] : validDelivery.errors).toEqual([])
      expect(delivery.params).toMatchObject({
        id,
        data: { topic: topic('1'), message: 'aGVsbG8=' },
      })

      const messages = [{ topic: topic('2'), message: 'b25l', ttl: 300, tag: 1108 }]
      resultOf('irn_batchPublish', await dapp.call(3, 'irn_batchPublish', { messages }))
      expect(validDelivery(await wallet.delivery())).toBe(true)

      // Kept for a client that fetches rather than subscribes.
      resultOf('irn_publish', await dapp.call(4, 'irn_publish', { ...publish, topic: topic('4') }))
      const fetched = resultOf(
        'irn_batchFetchMessages',
        await wallet.call(5, 'irn_batchFetchMessages', { topics: [topic('4')] }),
      )
      expect(fetched).toMatchObject({ messages: [{ topic: topic('4') }], hasMore: false })

      resultOf(
        'irn_unsubscribe',
        await wallet.call(6, 'irn_unsubscribe', { topic: topic('1'), id }),
      )
      const subscriptions = [{ topic: topic('2') }, { topic: topic('3') }]
      resultOf(
        'irn_batchUnsubscribe',
        await wallet.call(7, 'irn_batchUnsubscribe', { subscriptions }),
      )

      const pairing = { pairingTopic: topic('5'), ttl: 300 }
      resultOf(
        'wc_proposeSession',
        await dapp.call(8, 'wc_proposeSession', { ...pairing, sessionProposal: 'cA==' }),
      )
      resultOf(
        'wc_approveSession',
        await wallet.call(9, 'wc_approveSession', {
          ...pairing,
          sessionTopic: topic('6'),
          sessionProposalResponse: 'cg==',
          sessionSettlementRequest: 'cw==',
        }),
      )
      expect(validDelivery(await dapp.delivery())).toBe(true)

      for (const [frameId, method, params, code] of [
        [10, 'irn_subscribe', { topic: topic('A') }, -32602],
        [11, 'irn_fetchMessages', { topic: topic('1') }, -32601],
      ] as const) {
        const refusal = await wallet.call(frameId, method, params)
        expect(validError(refusal) ? [] : validError.errors).toEqual([])
        expect(refusal).toMatchObject({ id: frameId, error: { code } })
      }
    } finally {
      await Promise.all([wallet.close(), dapp.close()])
    }
  })
})

describe('the convert API answers as the swap view reads it', () => {
  it('tokens, quotes, allowance, gas price, build-transaction and build-approve', async () => {
    const { tokens } = await answerOf(
      await get('/v1/convert/tokens', { chainId: 'eip155:1' }),
      200,
      ConvertTokensAnswer,
    )
    const [eth, usdc] = tokens.map((token) => token.address)
    const { quotes } = await answerOf(
      await get('/v1/convert/quotes', {
        amount: '100000000000000000',
        userAddress: `eip155:1:${account}`,
        from: eth as string,
        to: usdc as string,
      }),
      200,
      ConvertQuotesAnswer,
    )
    expect(quotes).toHaveLength(1)
    await answerOf(
      await get('/v1/convert/allowance', { tokenAddress: usdc as string, userAddress: account }),
      200,
      ConvertAllowanceAnswer,
    )
    await answerOf(
      await get('/v1/convert/gas-price', { chainId: 'eip155:1' }),
      200,
      ConvertGasPriceAnswer,
    )
    const swap: ConvertBuildTransactionBody = {
      amount: '100000000000000000',
      eip155: { slippage: 1 },
      projectId: DEV_PROJECT_ID,
      from: eth as string,
      to: usdc as string,
      userAddress: `eip155:1:${account}`,
      disableEstimate: false,
    }
    await answerOf(await post('/v1/convert/build-transaction', swap), 200, ConvertTransactionAnswer)
    await answerOf(
      await get('/v1/convert/build-approve', {
        userAddress: account,
        from: usdc as string,
        to: eth as string,
        amount: '50000000',
      }),
      200,
      ConvertTransactionAnswer,
    )
  })

  it("a network without swaps: 'Network not supported for Swaps', as the error shape", async () => {
    const { error } = await answerOf(
      await get('/v1/convert/tokens', { chainId: 'eip155:10' }),
      400,
      ErrorAnswer,
    )
    expect(error.message).toBe('Network not supported for Swaps')
  })
})
