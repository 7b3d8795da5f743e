// What the embedded wallet tests do as the frame would: call /v1/embedded-wallet/... on the real
// server, and read the codes from the local mail catcher the server mails them to (real SMTP),
// as a person reads their inbox. No code is taken from the server any other way.
import { randomBytes } from 'node:crypto'
import { type MailCatcher, startMailCatcher } from '@portico/devnet'
import type { EmailVerifyAnswer } from '@portico/protocol/embedded-wallet-api'
import { expect } from 'vitest'
import type { ConfigOverrides } from '../config'
import {
  DEFAULT_EMAIL_CODE_LIMITS,
  type EmailCodeLimits,
} from '../embedded-wallet/embedded-wallet-constants'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { redeemSecretPair } from './redeem-secret-pair'
import { type StoredRows, storedRows } from './stored-rows'
import { startTestServer, type TestServer } from './test-server'

/** Not among the dev project's origins (which allow 127.0.0.1:*), so only frameOrigin lets it in. */
export const FRAME_ORIGIN = 'http://wallet-frame.portico.test:8788'

export interface EmbeddedWalletRig {
  server: TestServer
  catcher: MailCatcher
  /** The server's clock; tests move it. */
  clock: { now: number }
  /** The seal key the server was given (hex). */
  sealKey: string
  stop(): Promise<void>
}

export async function startEmbeddedWalletRig(
  limits: Partial<EmailCodeLimits> = {},
  config: ConfigOverrides = {},
): Promise<EmbeddedWalletRig> {
  const catcher = await startMailCatcher()
  const clock = { now: Date.now() }
  const sealKey = randomBytes(32).toString('hex')
  try {
    const server = await startTestServer({
      config: {
        embeddedWallet: {
          smtpUrl: catcher.smtpUrl,
          mailFrom: 'Portico test <codes@portico.test>',
          shareSealKey: sealKey,
          shareSealKeyFile: undefined,
          codeLimits: { ...DEFAULT_EMAIL_CODE_LIMITS, ...limits },
        },
        frameOrigin: FRAME_ORIGIN,
        ...config,
      },
      deps: { clock: () => clock.now },
    })
    return {
      server,
      catcher,
      clock,
      sealKey,
      stop: async () => {
        await Promise.all([server.stop(), catcher.stop()])
      },
    }
  } catch (error) {
    await catcher.stop()
    throw error
  }
}

/** What a refused call must leave as it was: every embedded wallet table, and the mails sent. */
export function embeddedWalletRows(rig: () => EmbeddedWalletRig): StoredRows {
  return storedRows(
    () => rig().server.app.portico.db,
    [
      'embedded_wallet_users',
      'embedded_wallet_codes',
      'embedded_wallet_mail_cooldowns',
      'embedded_wallet_sessions',
      'embedded_wallets',
      'embedded_wallet_email_updates',
    ],
    () => ({ mails: rig().catcher.count() }),
  )
}

let addresses = 0
/** A new address for each use: codes to one address are 30 s apart. */
export function newEmail(label = 'visitor'): string {
  addresses += 1
  return `${label}-${addresses}-${randomBytes(3).toString('hex')}@example.com`
}

export interface CallOptions {
  method?: string
  body?: unknown
  /** Sent as is (a string body is not JSON-encoded). */
  rawBody?: string
  token?: string
  origin?: string | null
  headers?: Record<string, string>
  projectId?: string
  /**
   * The client address the server sees (an IPv6 one too, which this machine's loopback cannot
   * source): the request goes through the same server by injection rather than a socket.
   */
  from?: string
}

/** An injected request's answer as a fetch Response, so tests read both alike. */
function asResponse(answer: {
  statusCode: number
  body: string
  headers: Record<string, unknown>
}) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one))
  }
  const empty = answer.statusCode === 204 || answer.statusCode === 304
  return new Response(empty ? null : answer.body, { status: answer.statusCode, headers })
}

/**
 * What the client needs of a server: its URL and the mail catcher it mails to; `app` (a server
 * in this process) only for calls `from` another client address.
 */
export interface ClientRig {
  server: { url: string; app?: TestServer['app'] }
  catcher: MailCatcher
}

/** `origin`: the Origin calls send unless they say (default the frame's; null: none). */
export function embeddedClient(
  rig: () => ClientRig,
  defaults: { origin: string | null } = { origin: FRAME_ORIGIN },
) {
  /** The frame's part of a login code: the redeem secret of the last code asked per address. */
  const secrets = new Map<string, string>()

  /** A code request as the frame sends it: the address and a fresh secret's commitment. */
  function otpBody(email: string) {
    const { secret, challenge } = redeemSecretPair()
    secrets.set(email.toLowerCase(), secret)
    return { email, redeemChallenge: challenge }
  }

  /** A code check as the frame sends it: with the secret kept when the code was asked. */
  function verifyBody(email: string, otp: unknown) {
    const redeemSecret = secrets.get(email.toLowerCase()) ?? redeemSecretPair().secret
    return { email, otp, redeemSecret }
  }

  async function call(path: string, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers }
    const origin = options.origin === undefined ? defaults.origin : options.origin
    if (origin !== null) headers.origin = origin
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
    let body: string | undefined
    if (options.rawBody !== undefined) body = options.rawBody
    else if (options.body !== undefined) body = JSON.stringify(options.body)
    if (body !== undefined) headers['content-type'] ??= 'application/json'
    const query = new URLSearchParams({ projectId: options.projectId ?? DEV_PROJECT_ID })
    const method = options.method ?? (body === undefined ? 'GET' : 'POST')
    const url = `/v1/embedded-wallet${path}?${query}`
    const { app } = rig().server
    if (options.from !== undefined) {
      if (app === undefined) throw new Error('`from` needs a server in this process')
      const answer = await app.inject({
        method: method as 'GET',
        url,
        headers,
        remoteAddress: options.from,
        ...(body !== undefined && { payload: body }),
      })
      return asResponse(answer)
    }
    return fetch(`${rig().server.url}${url}`, {
      method,
      headers,
      ...(body !== undefined && { body }),
    })
  }

  /** The code in the newest mail to `email` after the mark (catcher.count() before asking). */
  async function codeFrom(email: string, since: number): Promise<string> {
    const mail = await rig().catcher.waitForMail(email, { since })
    // The code is a line of its own: digits elsewhere (an address in the text) are not it.
    const code = /^(\d{6})$/m.exec(mail.text)?.[1]
    if (code === undefined) throw new Error(`no code in the mail: ${mail.text}`)
    return code
  }

  /** Asks for a code to `email` (expects 200) and reads it from the mail. */
  async function askCode(email: string, from?: string): Promise<string> {
    const since = rig().catcher.count()
    const response = await call('/email/otp', { body: otpBody(email), ...(from && { from }) })
    expect(response.status, await response.clone().text()).toBe(200)
    return codeFrom(email, since)
  }

  /** A full login (from the client address `from`, if given): code asked, read, verified. */
  async function login(
    email = newEmail(),
    from?: string,
  ): Promise<EmailVerifyAnswer & { email: string }> {
    const otp = await askCode(email, from)
    const response = await call('/email/verify', {
      body: verifyBody(email, otp),
      ...(from && { from }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    return { ...((await response.json()) as EmailVerifyAnswer), email }
  }

  return { call, otpBody, verifyBody, codeFrom, askCode, login }
}

/** Refusal bodies. */
export interface ErrorBody {
  error: { code: string; message: string }
}

const HOUR = 60 * 60_000

/** Moves the rig's clock to the next whole hour: fresh windows of every limit (all divide it). */
export function nextHourWindow(rig: EmbeddedWalletRig): void {
  rig.clock.now = (Math.floor(rig.clock.now / HOUR) + 1) * HOUR
}

/** A rate-limit refusal: 429 RATE_LIMITED with a Retry-After. */
export async function expectRateLimited(response: Response): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(429)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(((await response.json()) as ErrorBody).error.code).toBe('RATE_LIMITED')
}
