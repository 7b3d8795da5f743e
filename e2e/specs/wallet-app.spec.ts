// apps/wallet in Chromium with a real dapp: an unmodified SignClient in the test process pairs
// with it through our server's relay; the person approves in the page; the signature verifies.
import { randomBytes } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import { createPublicClient, type Hex, http, parseEther, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { MemoryStorage } from '../../apps/wallet/src/test/memory-storage'
import { expect, expectAccessible, test } from '../fixtures/test'
import {
  approveInWalletApp,
  openWalletApp,
  pairWalletApp,
  walletAppCard,
} from '../fixtures/wallet-app'

type Dapp = Awaited<ReturnType<typeof SignClient.init>>

const DAPP_NAME = 'Wallet e2e dapp'
const PROJECT_ID = 'f94537f769cddac7aff0d3d7b370838e'
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test.describe('the WalletConnect dev wallet', () => {
  let dapp: Dapp

  test.beforeEach(async ({ stack }) => {
    dapp = await SignClient.init({
      projectId: PROJECT_ID,
      relayUrl: `${stack.apiUrl.replace(/^http/, 'ws')}/relay`,
      customStoragePrefix: `e2e-dapp-${randomBytes(6).toString('hex')}`,
      telemetryEnabled: false,
      logger: 'silent',
      storage: new MemoryStorage(),
      metadata: { name: DAPP_NAME, description: 'e2e', url: 'http://localhost:3999', icons: [] },
    })
  })
  test.afterEach(async () => {
    dapp.core.heartbeat.stop()
    await dapp.core.relayer.transportClose().catch(() => {})
  })

  test('pairs with a pasted link, signs a message the person approves, keeps the session across a reload and disconnects', async ({
    page,
    stack,
  }) => {
    const account = privateKeyToAccount(stack.devKeys[0] as Hex)
    await openWalletApp(page, stack.walletUrl)
    await expect(page.getByRole('region', { name: 'Account' })).toContainText(account.address)
    await expectAccessible(page, 'the wallet page')

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:1', 'eip155:8453'],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['chainChanged', 'accountsChanged'],
        },
      },
    })
    if (!uri) throw new Error('connect gave no uri')
    // approval() must be called before the wallet settles: the SDK's delayed promise drops a
    // settlement that arrives before anyone awaits it.
    const approved = approval()
    const proposal = await pairWalletApp(page, uri)
    await expect(proposal).toContainText(DAPP_NAME)
    await expect(proposal).toContainText('http://localhost:3999')
    await expect(proposal.getByRole('list', { name: 'Requested chains' })).toHaveText(
      /eip155:1.*eip155:8453/,
    )
    await expect(proposal.getByRole('list', { name: 'Requested methods' })).toContainText(
      'personal_sign',
    )
    await expectAccessible(page, 'a connection request')
    await approveInWalletApp(page, 'Connection request')

    const session = await approved
    expect(session.namespaces.eip155?.accounts).toEqual([
      `eip155:1:${account.address}`,
      `eip155:8453:${account.address}`,
    ])
    const sessions = page.getByRole('list', { name: 'Connected dapps' })
    await expect(sessions.getByRole('listitem')).toHaveCount(1)
    await expect(sessions).toContainText(DAPP_NAME)

    const message = 'Sign in to the e2e dapp'
    const answer = dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: [toHex(message), account.address] },
    })
    const signatureCard = walletAppCard(page, 'Signature request')
    await expect(signatureCard.getByRole('figure', { name: 'Message' })).toContainText(message)
    await expect(signatureCard).toContainText(DAPP_NAME)
    await expectAccessible(page, 'a signature request')
    await approveInWalletApp(page, 'Signature request')
    const signature = await answer
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)

    // The session is in the browser's storage: a reload keeps it.
    await page.reload()
    await expect(page.getByRole('status')).toHaveText('Ready')
    await expect(sessions).toContainText(DAPP_NAME)

    const deleted = new Promise<string>((resolve) =>
      dapp.on('session_delete', (event) => resolve(event.topic)),
    )
    await page.getByRole('button', { name: `Disconnect ${DAPP_NAME}` }).click()
    expect(await deleted).toBe(session.topic)
    await expect(page.getByText('No sessions')).toBeVisible()
  })

  test('pairs from a ?uri= link and answers a rejected request with 4001', async ({
    page,
    stack,
  }) => {
    const account = privateKeyToAccount(stack.devKeys[1] as Hex)
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
      },
    })
    if (!uri) throw new Error('connect gave no uri')
    const approved = approval()
    // A dapp (or a spec) can hand the link over in the address; `account` picks dev account #1.
    await openWalletApp(page, stack.walletUrl, { account: 1, uri })
    await expect(page.getByRole('region', { name: 'Account' })).toContainText(account.address)
    await approveInWalletApp(page, 'Connection request')
    const session = await approved

    const answer = dapp
      .request({
        topic: session.topic,
        chainId: 'eip155:1',
        request: { method: 'personal_sign', params: [toHex('no thanks'), account.address] },
      })
      .catch((error: unknown) => error)
    await walletAppCard(page, 'Signature request').getByRole('button', { name: 'Reject' }).click()
    expect(await answer).toMatchObject({ code: 4001 })
    await expect(page.getByRole('region', { name: 'Signature request' })).toHaveCount(0)
  })

  test('approves a one-click sign-in and then a transaction it shows with receiver, value and chain', async ({
    page,
    stack,
  }) => {
    const account = privateKeyToAccount(stack.devKeys[0] as Hex)
    await openWalletApp(page, stack.walletUrl)
    const { uri, response } = await dapp.authenticate({
      chains: ['eip155:1', 'eip155:8453'],
      domain: 'localhost:3999',
      uri: 'http://localhost:3999/login',
      nonce: 'e2e0nonce42',
      statement: 'Sign in to the e2e dapp',
      methods: ['personal_sign', 'eth_sendTransaction'],
    })
    const authenticated = response()
    const signIn = await pairWalletApp(page, uri, 'Sign-in request')
    const message = signIn.getByRole('figure', { name: 'Message' })
    await expect(message).toContainText(
      'localhost:3999 wants you to sign in with your Ethereum account:',
    )
    await expect(message).toContainText(account.address)
    await expectAccessible(page, 'a sign-in request')
    const signedMessage = (await message.locator('pre').textContent()) ?? ''
    await approveInWalletApp(page, 'Sign-in request')
    const { auths, session } = await authenticated
    const cacao = auths?.[0]
    if (!cacao) throw new Error('no CACAO in the response')
    expect(
      await verifyMessage({
        address: account.address,
        message: signedMessage,
        signature: cacao.s.s as Hex,
      }),
    ).toBe(true)

    const client = createPublicClient({ transport: http(stack.rpcUrls[8453]) })
    const before = await client.getBalance({ address: RECEIVER })
    const sent = dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:8453',
      request: {
        method: 'eth_sendTransaction',
        params: [{ from: account.address, to: RECEIVER, value: toHex(parseEther('0.5')) }],
      },
    })
    const card = walletAppCard(page, 'Transaction request')
    await expect(card.getByRole('definition')).toHaveText([
      RECEIVER,
      '0.5 ETH',
      'Base (eip155:8453)',
    ])
    await expectAccessible(page, 'a transaction request')
    await approveInWalletApp(page, 'Transaction request')
    const receipt = await client.waitForTransactionReceipt({ hash: await sent })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: RECEIVER })).toBe(before + parseEther('0.5'))
  })
})
