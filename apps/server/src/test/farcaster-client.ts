// Sign In With Farcaster against the real server and a seeded devnet chain: the server reads
// the devnet's IdRegistry (fid 1, custody dev account 2) on chain 1. The Farcaster client's
// part (signing the SIWE message with the custody key) is done here with viem, as a client does;
// the frame's part (a redeem secret kept back, its commitment sent with the channel, the login
// from the frame's origin) as the frame does.
import { randomBytes } from 'node:crypto'
import { DEV_ACCOUNTS, DEVNET_CONTRACTS, type Devnet, startDevnet } from '@portico/devnet'
import type { CreateChannelAnswer } from '@portico/protocol/farcaster-auth'
import { formatSiwxMessage } from '@portico/protocol/siwx-message'
import type { Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { DEFAULT_EMAIL_CODE_LIMITS } from '../embedded-wallet/embedded-wallet-constants'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { FRAME_ORIGIN } from './embedded-wallet-client'
import { redeemSecretPair } from './redeem-secret-pair'
import { startedPerFile } from './started-per-file'
import { startTestServer, type TestServer } from './test-server'

/** The seed's fid (packages/devnet seed-plan.ts SEEDED_FIDS): fid 1, custody dev account 2. */
export const SEEDED_FID = 1
export const custodyAccount: PrivateKeyAccount = privateKeyToAccount(DEV_ACCOUNTS[2].privateKey)
/** Holds no fid on the devnet. */
export const otherAccount: PrivateKeyAccount = privateKeyToAccount(DEV_ACCOUNTS[3].privateKey)

/** The page that asks for the sign-in: an origin the dev project allows, as the host app's. */
export const SIGN_IN_ORIGIN = 'http://127.0.0.1:5173'
export const SIGN_IN_DOMAIN = '127.0.0.1:5173'
export const SIGN_IN_URI = 'http://127.0.0.1:5173/login'

export interface FarcasterRig {
  devnet: Devnet
  server: TestServer
  clock: { now: number }
  stop(): Promise<void>
}

export async function startFarcasterRig(): Promise<FarcasterRig> {
  const devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  const clock = { now: Date.now() }
  try {
    const server = await startTestServer({
      chains: { 1: devnet.chains[0]?.rpcUrl as string },
      config: {
        farcaster: {
          registryChainId: 'eip155:1',
          registryAddress: DEVNET_CONTRACTS.idRegistry,
          connectUrl: 'https://farcaster.xyz/~/siwf',
        },
        embeddedWallet: {
          smtpUrl: undefined,
          mailFrom: 'Portico test <codes@portico.test>',
          shareSealKey: randomBytes(32).toString('hex'),
          shareSealKeyFile: undefined,
          codeLimits: DEFAULT_EMAIL_CODE_LIMITS,
        },
        frameOrigin: FRAME_ORIGIN,
      },
      deps: { clock: () => clock.now },
    })
    return {
      devnet,
      server,
      clock,
      stop: async () => {
        await Promise.all([server.stop(), devnet.stop()])
      },
    }
  } catch (error) {
    await devnet.stop()
    throw error
  }
}

export interface FarcasterRigHooks {
  readonly rig: FarcasterRig
  readonly relay: FarcasterClient
}

/** Registers the file's Vitest hooks; read `rig` inside tests, once beforeAll has run. */
export function withFarcasterRig(): FarcasterRigHooks {
  const rig = startedPerFile('the Farcaster rig', startFarcasterRig, 180_000)
  return {
    get rig() {
      return rig()
    },
    relay: farcasterClient(rig),
  }
}

export interface SignInFields {
  account?: PrivateKeyAccount
  fid?: number
  resources?: string[]
  statement?: string
  chainId?: `${string}:${string}`
  domain?: string
  uri?: string
  nonce: string
  issuedAt: number
}

/** The message a Farcaster client signs for a channel (FIP-11). */
export function signInMessage(fields: SignInFields): string {
  const fid = fields.fid ?? SEEDED_FID
  return formatSiwxMessage({
    domain: fields.domain ?? SIGN_IN_DOMAIN,
    accountAddress: (fields.account ?? custodyAccount).address,
    statement: fields.statement ?? 'Farcaster Auth',
    uri: fields.uri ?? SIGN_IN_URI,
    version: '1',
    chainId: fields.chainId ?? 'eip155:10',
    nonce: fields.nonce,
    issuedAt: new Date(fields.issuedAt).toISOString(),
    resources: fields.resources ?? [`farcaster://fid/${fid}`],
  })
}

export type FarcasterClient = ReturnType<typeof farcasterClient>

export interface ChannelRequester {
  /** The dev project unless given. */
  projectId?: string
  /** The page's Origin header: SIGN_IN_ORIGIN unless given; null sends none. */
  origin?: string | null
}

export interface LoginOptions {
  /** The dev project unless given. */
  projectId?: string
  /** The secret kept for the channel by createChannel unless given; null sends none. */
  redeemSecret?: string | null
}

export function farcasterClient(rig: () => FarcasterRig) {
  const url = (path: string) => `${rig().server.url}${path}`
  /** The redeem secret of each channel createChannel made, by channel token. */
  const secrets = new Map<string, string>()

  /**
   * Asks for a channel as the modal does: from the page (its Origin; `origin: null` sends none,
   * as a server would) for the dev project unless told, naming the page's domain and URI.
   */
  function openChannel(body: Record<string, unknown> = {}, from: ChannelRequester = {}) {
    const origin = from.origin === undefined ? SIGN_IN_ORIGIN : from.origin
    return fetch(url(`/v1/channel?projectId=${from.projectId ?? DEV_PROJECT_ID}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin === null ? {} : { origin }) },
      body: JSON.stringify({ domain: SIGN_IN_DOMAIN, siweUri: SIGN_IN_URI, ...body }),
    })
  }

  /**
   * openChannel, with the commitment to a fresh redeem secret (kept for login) unless the body
   * names its own `redeemChallenge`.
   */
  async function createChannel(
    body: Record<string, unknown> = {},
    from: ChannelRequester = {},
  ): Promise<CreateChannelAnswer> {
    const pair = redeemSecretPair()
    const response = await openChannel({ redeemChallenge: pair.challenge, ...body }, from)
    expect(response.status, await response.clone().text()).toBe(201)
    const answer = (await response.json()) as CreateChannelAnswer
    secrets.set(answer.channelToken, pair.secret)
    return answer
  }

  /** The redeem secret createChannel kept for a channel (what only the frame knows). */
  function secretOf(channelToken: string): string {
    const secret = secrets.get(channelToken)
    if (secret === undefined) throw new Error('no secret kept for this channel')
    return secret
  }

  function authenticate(channelToken: string, body: Record<string, unknown>) {
    return fetch(url('/v1/channel/authenticate'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}` },
      body: JSON.stringify(body),
    })
  }

  /** Signs the channel's message with `fields.account` (the custody key unless given). */
  async function signAndAuthenticate(
    channel: CreateChannelAnswer,
    fields: Partial<SignInFields> & { username?: string } = {},
  ) {
    const message = signInMessage({ nonce: channel.nonce, issuedAt: rig().clock.now, ...fields })
    const signature: Hex = await (fields.account ?? custodyAccount).signMessage({ message })
    return authenticate(channel.channelToken, {
      message,
      signature,
      fid: fields.fid ?? SEEDED_FID,
      username: fields.username ?? 'portico-dev',
      displayName: 'Portico Dev',
      pfpUrl: 'https://example.com/pfp.png',
    })
  }

  function status(channelToken: string) {
    return fetch(url('/v1/channel/status'), {
      headers: { authorization: `Bearer ${channelToken}` },
    })
  }

  /** The frame's login, from the frame's origin, with the channel's secret unless told. */
  function login(channelToken: string, options: LoginOptions = {}) {
    const redeemSecret =
      options.redeemSecret === undefined ? secrets.get(channelToken) : options.redeemSecret
    const projectId = options.projectId ?? DEV_PROJECT_ID
    return fetch(url(`/v1/embedded-wallet/farcaster/login?projectId=${projectId}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: FRAME_ORIGIN },
      body: JSON.stringify({ channelToken, ...(redeemSecret == null ? {} : { redeemSecret }) }),
    })
  }

  return {
    openChannel,
    createChannel,
    secretOf,
    authenticate,
    signAndAuthenticate,
    status,
    login,
  }
}
