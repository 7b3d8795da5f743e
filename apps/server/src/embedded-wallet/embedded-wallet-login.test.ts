// E-mail login against the real server, a fresh database and a real SMTP mail catcher: the code
// is read from the mail. Codes, their lifetime, their tries, the 30 s cooldown and what the
// tables keep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedWalletRig,
  type ErrorBody,
  embeddedClient,
  embeddedWalletRows,
  newEmail,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'
import { redeemSecretPair } from '../test/redeem-secret-pair'

let rig: EmbeddedWalletRig
const { call, otpBody, verifyBody, codeFrom, askCode, login } = embeddedClient(() => rig)
const stored = embeddedWalletRows(() => rig)

beforeAll(async () => {
  rig = await startEmbeddedWalletRig()
})
afterAll(async () => {
  await rig?.stop()
})

async function rows<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await rig.server.app.portico.db.query<Row>(sql, params)).rows
}

async function verify(email: string, otp: string): Promise<Response> {
  return call('/email/verify', { body: verifyBody(email, otp) })
}

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('e-mail login', () => {
  it('mails a 6-digit code, and the right code answers a 7-day session, the user and no wallet', async () => {
    const email = newEmail('Alice').replace('alice', 'Alice')
    const since = rig.catcher.count()
    const asked = await call('/email/otp', { body: otpBody(email) })
    expect(asked.status).toBe(200)
    expect(await asked.json()).toEqual({ action: 'VERIFY_OTP' })
    const mail = await rig.catcher.waitForMail(email, { since })
    expect(mail.to).toEqual([email.toLowerCase()])
    expect(mail.from).toBe('"Portico test" <codes@portico.test>')
    expect(mail.subject).toMatch(/^\d{6} is your login code$/)
    expect(mail.text).toContain('within 10 minutes')
    const otp = await codeFrom(email, since)

    const verified = await verify(email, otp)
    expect(verified.status).toBe(200)
    const answer = await verified.json()
    expect(answer).toEqual({
      session: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.any(String),
      },
      user: { userId: expect.any(String), email: email.toLowerCase() },
      wallet: null,
    })
    expect(Date.parse(answer.session.expiresAt)).toBe(rig.clock.now + 7 * 24 * 3600_000)

    const me = await call('/me', { token: answer.session.token })
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({ user: answer.user, wallet: null })
  })

  it('spends a code once: the same code does not log in twice', async () => {
    const { email } = await login()
    rig.clock.now += 31_000
    const otp = await askCode(email)
    expect((await verify(email, otp)).status).toBe(200)
    const again = await verify(email, otp)
    expect(again.status).toBe(401)
    expect(((await again.json()) as ErrorBody).error.code).toBe('OTP_NOT_FOUND')
  })

  it('logs nobody in with a code read from the mail (forwarded, or seen) without the secret of the frame that asked for it', async () => {
    const email = newEmail()
    const otp = await askCode(email)
    const before = await stored.read()
    const elsewhere = redeemSecretPair()
    // Another browser's secret, the commitment itself (it travelled with the request), none.
    for (const redeemSecret of [elsewhere.secret, elsewhere.challenge, 'A'.repeat(43)]) {
      const refused = await call('/email/verify', { body: { email, otp, redeemSecret } })
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as ErrorBody).error).toEqual({
        code: 'OTP_OF_ANOTHER_BROWSER',
        message: 'This code was asked for in another browser: ask for a new code here',
      })
    }
    const bare = await call('/email/verify', { body: { email, otp } })
    expect(bare.status).toBe(400)
    expect(((await bare.json()) as ErrorBody).error.message).toContain('redeemSecret')
    // No session, and not one of the code's five tries was taken.
    expect(await stored.read()).toBe(before)
    const [row] = await rows<{ attempts: number }>(
      'SELECT attempts FROM embedded_wallet_codes WHERE email = $1',
      [email],
    )
    expect(row?.attempts).toBe(0)
    // The frame that asked for it still logs in with it.
    expect((await verify(email, otp)).status).toBe(200)
  })

  it('logs the same address in as the same user, whatever its case', async () => {
    const first = await login()
    rig.clock.now += 31_000
    const second = await login(first.email.toUpperCase())
    expect(second.user).toEqual(first.user)
    expect(second.session.token).not.toBe(first.session.token)
  })

  it('stores only a salted hash of each code, and only a hash of each session token', async () => {
    const { email, session } = await login()
    rig.clock.now += 31_000
    const pending = await askCode(email)
    const codes = await rows<Record<string, unknown>>(
      'SELECT * FROM embedded_wallet_codes WHERE email = $1 ORDER BY created_at',
      [email],
    )
    expect(codes).toHaveLength(2)
    const [used, live] = codes
    expect(used?.used_at).not.toBeNull()
    expect(live?.used_at).toBeNull()
    expect(used?.salt).not.toBe(live?.salt)
    for (const row of codes) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(row)).not.toContain(pending)
    }
    const sessions = await rows<Record<string, unknown>>(
      `SELECT s.* FROM embedded_wallet_sessions s JOIN embedded_wallet_users u ON u.id = s.user_id
        WHERE u.email = $1`,
      [email],
    )
    expect(sessions).toHaveLength(1)
    expect(JSON.stringify(sessions)).not.toContain(session.token)
  })

  it('says how many tries are left, and the fifth wrong code locks it, even against the right code', async () => {
    const email = newEmail()
    const otp = await askCode(email)
    const wrong = otherThan(otp)
    for (const left of [4, 3, 2, 1]) {
      const response = await verify(email, wrong)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({
        error: {
          code: 'OTP_INVALID',
          message: `Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left`,
        },
      })
    }
    const fifth = await verify(email, wrong)
    expect(fifth.status).toBe(429)
    expect(await fifth.json()).toEqual({
      error: { code: 'OTP_LOCKED', message: 'Too many wrong codes: ask for a new one' },
    })
    const right = await verify(email, otp)
    expect(right.status).toBe(429)
    expect(((await right.json()) as ErrorBody).error.code).toBe('OTP_LOCKED')
    expect(await rows('SELECT 1 FROM embedded_wallet_users WHERE email = $1', [email])).toEqual([])

    // A new code (after the cooldown) works again.
    rig.clock.now += 31_000
    expect((await verify(email, await askCode(email))).status).toBe(200)
  })

  it('refuses a code past its 10 minutes, plainly', async () => {
    const email = newEmail()
    const otp = await askCode(email)
    rig.clock.now += 10 * 60_000
    const response = await verify(email, otp)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: { code: 'OTP_EXPIRED', message: 'This code has expired: ask for a new one' },
    })
    expect(await rows('SELECT 1 FROM embedded_wallet_users WHERE email = $1', [email])).toEqual([])
  })

  it('takes a code up to its last millisecond', async () => {
    const email = newEmail()
    const otp = await askCode(email)
    rig.clock.now += 10 * 60_000 - 1
    expect((await verify(email, otp)).status).toBe(200)
  })

  it("refuses a second code inside 30 s with 'Please try again after {n} seconds', n rounded up", async () => {
    const email = newEmail()
    await askCode(email)
    const mails = rig.catcher.count()
    const codes = await rows('SELECT 1 FROM embedded_wallet_codes WHERE email = $1', [email])
    for (const [elapsedMs, n] of [
      [0, 30],
      [200, 30],
      [10_000, 20],
      [19_800, 11],
      [29_001, 1],
      [29_999, 1],
    ] as const) {
      const start = rig.clock.now
      rig.clock.now += elapsedMs
      const response = await call('/email/otp', { body: otpBody(email) })
      rig.clock.now = start
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe(String(n))
      expect(await response.json()).toEqual({
        error: { code: 'EMAIL_COOLDOWN', message: `Please try again after ${n} seconds` },
      })
    }
    expect(rig.catcher.count()).toBe(mails)
    expect(await rows('SELECT 1 FROM embedded_wallet_codes WHERE email = $1', [email])).toEqual(
      codes,
    )
    rig.clock.now += 30_000
    await askCode(email)
  })

  it('replaces the last code with a new one: the old code is refused as replaced, and counts as a try', async () => {
    const email = newEmail()
    const first = await askCode(email)
    let second = first
    // Two mails in a row may carry the same six digits (one chance in a million): ask again.
    while (second === first) {
      rig.clock.now += 31_000
      second = await askCode(email)
    }
    const old = await verify(email, first)
    expect(old.status).toBe(401)
    expect(((await old.json()) as ErrorBody).error).toEqual({
      code: 'OTP_REPLACED',
      message: 'This code was replaced by a newer one: enter the code from the latest e-mail',
    })
    const wrong = await verify(email, first === '000000' ? '000001' : '000000')
    expect(((await wrong.json()) as ErrorBody).error.message).toBe('Wrong code: 3 tries left')
    expect((await verify(email, second)).status).toBe(200)
  })

  it('says a code from before the last login is wrong, not replaced, once it was used', async () => {
    const email = newEmail()
    const used = await askCode(email)
    expect((await verify(email, used)).status).toBe(200)
    rig.clock.now += 31_000
    await askCode(email)
    const again = await verify(email, used)
    expect(((await again.json()) as ErrorBody).error.code).toBe('OTP_INVALID')
  })

  it('answers a code for an address that was sent none with OTP_NOT_FOUND', async () => {
    const response = await verify(newEmail(), '123456')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: {
        code: 'OTP_NOT_FOUND',
        message: 'No code is waiting for this e-mail address: ask for a new one',
      },
    })
  })

  it('lets only five guesses through when they race', async () => {
    const email = newEmail()
    const otp = await askCode(email)
    const wrong = otherThan(otp)
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(email, wrong)))
    const codes = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as ErrorBody).error.code),
    )
    expect(codes.filter((code) => code === 'OTP_INVALID')).toHaveLength(4)
    expect(codes.filter((code) => code === 'OTP_LOCKED')).toHaveLength(8)
    const [row] = await rows<{ attempts: number }>(
      'SELECT attempts FROM embedded_wallet_codes WHERE email = $1',
      [email],
    )
    expect(row?.attempts).toBe(5)
  })

  it('deletes ended sessions, run-out cooldowns and day-old codes, keeping live ones', async () => {
    const ended = await login()
    expect((await call('/sign-out', { method: 'POST', token: ended.session.token })).status).toBe(
      204,
    )
    const live = await login()
    const pending = newEmail()
    await askCode(pending)
    rig.clock.now += 24 * 3600_000 + 10 * 60_000 + 1
    const fresh = newEmail()
    await askCode(fresh)
    const sessions = await rows<{ email: string }>(
      `SELECT u.email FROM embedded_wallet_sessions s JOIN embedded_wallet_users u ON u.id = s.user_id
        WHERE u.email = ANY($1)`,
      [[ended.email, live.email]],
    )
    expect(sessions.map((row) => row.email)).toEqual([live.email])
    const codes = await rows<{ email: string }>(
      'SELECT email FROM embedded_wallet_codes WHERE email = ANY($1)',
      [[ended.email, live.email, pending, fresh]],
    )
    expect(codes.map((row) => row.email)).toEqual([fresh])
    const cooldowns = await rows<{ email: string }>(
      'SELECT email FROM embedded_wallet_mail_cooldowns',
    )
    expect(cooldowns.map((row) => row.email)).toEqual([fresh])
    expect((await call('/me', { token: live.session.token })).status).toBe(200)
  })
})
