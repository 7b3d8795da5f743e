// The wallet's shares, the session's life and the account's changes against the real server and
// a real SMTP mail catcher: shares only for a live session, the recovery share sealed at rest,
// rotation, the e-mail change in two codes, the key export behind a fresh code, sign-out.
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedWalletRig,
  type ErrorBody,
  embeddedClient,
  newEmail,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'

let rig: EmbeddedWalletRig
const { call, codeFrom, askCode, login } = embeddedClient(() => rig)

beforeAll(async () => {
  rig = await startEmbeddedWalletRig()
})
afterAll(async () => {
  await rig?.stop()
})

const share = () => `0x${randomBytes(33).toString('hex')}`
const newShares = () => ({
  address: privateKeyToAccount(generatePrivateKey()).address,
  authShare: share(),
  recoveryShare: share(),
})

async function walletRow(userId: string) {
  const { rows } = await rig.server.app.portico.db.query<Record<string, string>>(
    'SELECT * FROM embedded_wallets WHERE user_id = $1',
    [userId],
  )
  return rows[0]
}

async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ((await response.json()) as ErrorBody).error
}

/** A logged-in user with a stored wallet. */
async function userWithWallet() {
  const login1 = await login()
  const shares = newShares()
  const token = login1.session.token
  const stored = await call('/wallet', { body: shares, token })
  expect(stored.status).toBe(201)
  return { ...login1, token, shares }
}

describe('wallet shares', () => {
  it('stores a new user’s wallet once and gives its shares back to a live session only', async () => {
    const { token, shares, email, user } = await userWithWallet()
    expect(await (await call('/me', { token })).json()).toEqual({
      user,
      wallet: { address: shares.address },
    })
    expect(await (await call('/shares/auth', { token })).json()).toEqual({
      authShare: shares.authShare,
    })
    expect(await (await call('/shares/recovery', { token })).json()).toEqual({
      recoveryShare: shares.recoveryShare,
    })

    const again = await call('/wallet', { body: newShares(), token })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).code).toBe('WALLET_EXISTS')
    expect((await call('/shares/auth', { token })).status).toBe(200)

    for (const path of ['/shares/auth', '/shares/recovery', '/me']) {
      const anonymous = await call(path)
      expect(anonymous.status).toBe(401)
      expect(await errorOf(anonymous)).toEqual({
        code: 'EMBEDDED_SESSION_INVALID',
        message: 'Authorization: Bearer <session token> is required',
      })
      const forged = await call(path, { token: randomBytes(32).toString('base64url') })
      expect(forged.status).toBe(401)
      expect(await errorOf(forged)).toEqual({
        code: 'EMBEDDED_SESSION_INVALID',
        message: 'Session Expired',
      })
    }

    // The same address logging in again (a new browser) gets the same wallet and shares.
    rig.clock.now += 31_000
    const again2 = await login(email)
    expect(again2.wallet).toEqual({ address: shares.address })
    const recovered = await call('/shares/recovery', { token: again2.session.token })
    expect(await recovered.json()).toEqual({ recoveryShare: shares.recoveryShare })
  })

  it('does not give one user’s shares to another user’s session', async () => {
    await userWithWallet()
    const stranger = await login()
    const response = await call('/shares/auth', { token: stranger.session.token })
    expect(response.status).toBe(404)
    expect(await errorOf(response)).toEqual({
      code: 'WALLET_NOT_FOUND',
      message: 'This user has no wallet yet',
    })
    expect((await call('/shares/recovery', { token: stranger.session.token })).status).toBe(404)
  })

  it('keeps the recovery share sealed at rest: the row holds neither it nor the seal key', async () => {
    const { user, shares } = await userWithWallet()
    const row = await walletRow(user.userId)
    expect(row?.auth_share).toBe(shares.authShare)
    const stored = JSON.stringify(row)
    const clear = shares.recoveryShare.slice(2)
    for (const form of [
      clear,
      clear.toUpperCase(),
      Buffer.from(clear, 'hex').toString('base64'),
      Buffer.from(shares.recoveryShare).toString('base64'),
      rig.sealKey,
    ]) {
      expect(stored).not.toContain(form)
    }
    // version + 12-byte IV + 16-byte tag + the 68 characters of the share.
    expect(Buffer.from(row?.recovery_share_sealed ?? '', 'base64')).toHaveLength(1 + 12 + 16 + 68)
  })

  it('does not open a sealed share copied onto another user’s row', async () => {
    const victim = await userWithWallet()
    const thief = await userWithWallet()
    const sealed = (await walletRow(victim.user.userId))?.recovery_share_sealed
    await rig.server.app.portico.db.query(
      'UPDATE embedded_wallets SET recovery_share_sealed = $2 WHERE user_id = $1',
      [thief.user.userId, sealed],
    )
    const response = await call('/shares/recovery', { token: thief.token })
    expect(response.status).toBe(500)
    expect(JSON.stringify(await response.json())).not.toContain(victim.shares.recoveryShare)
  })

  it('rotates both shares for the same address, and refuses another address', async () => {
    const { token, shares } = await userWithWallet()
    const rotated = { ...newShares(), address: shares.address.toLowerCase() }
    const put = await call('/wallet', { method: 'PUT', body: rotated, token })
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({ wallet: { address: shares.address } })
    expect(await (await call('/shares/auth', { token })).json()).toEqual({
      authShare: rotated.authShare,
    })
    expect(await (await call('/shares/recovery', { token })).json()).toEqual({
      recoveryShare: rotated.recoveryShare,
    })

    const other = await call('/wallet', { method: 'PUT', body: newShares(), token })
    expect(other.status).toBe(409)
    expect(await errorOf(other)).toEqual({
      code: 'WALLET_ADDRESS_MISMATCH',
      message: "The shares are for another address than this user's wallet",
    })
    expect(await (await call('/shares/auth', { token })).json()).toEqual({
      authShare: rotated.authShare,
    })

    const newcomer = await login()
    const none = await call('/wallet', {
      method: 'PUT',
      body: newShares(),
      token: newcomer.session.token,
    })
    expect(none.status).toBe(404)
  })
})

describe('sessions', () => {
  it('signs out: the token is refused afterwards, another session of the user still works', async () => {
    const { token, email } = await userWithWallet()
    rig.clock.now += 31_000
    const other = await login(email)
    const out = await call('/sign-out', { method: 'POST', token })
    expect(out.status).toBe(204)
    expect(await out.text()).toBe('')
    for (const path of ['/me', '/shares/auth', '/shares/recovery']) {
      const refused = await call(path, { token })
      expect(refused.status).toBe(401)
      expect((await errorOf(refused)).message).toBe('Session Expired')
    }
    expect((await call('/sign-out', { method: 'POST', token })).status).toBe(401)
    expect((await call('/me', { token: other.session.token })).status).toBe(200)
  })

  it('ends a session after 7 days', async () => {
    const { session } = await login()
    rig.clock.now += 7 * 24 * 3600_000 - 1
    expect((await call('/me', { token: session.token })).status).toBe(200)
    rig.clock.now += 1
    const expired = await call('/me', { token: session.token })
    expect(expired.status).toBe(401)
    expect((await errorOf(expired)).message).toBe('Session Expired')
  })
})

describe('projects', () => {
  it('keeps each project apart: its codes, sessions, users and wallets', async () => {
    const other = await rig.server.app.portico.projects.create({ name: 'Other shop' })
    const { token, email, shares, user } = await userWithWallet()
    // A session of one project is refused by another.
    const foreign = await call('/shares/auth', { token, projectId: other.id })
    expect(foreign.status).toBe(401)
    expect((await errorOf(foreign)).message).toBe('Session Expired')
    // A code asked in one project does not log in to another.
    rig.clock.now += 31_000
    const otp = await askCode(email)
    const elsewhere = await call('/email/verify', {
      body: { email, otp },
      projectId: other.id,
    })
    expect(elsewhere.status).toBe(401)
    expect((await errorOf(elsewhere)).code).toBe('OTP_NOT_FOUND')
    // The same address in the other project is another user, without this wallet; the mail
    // names the project that asked.
    rig.clock.now += 31_000
    const since = rig.catcher.count()
    const asked = await call('/email/otp', { body: { email }, projectId: other.id })
    expect(asked.status).toBe(200)
    expect((await rig.catcher.waitForMail(email, { since })).text).toContain('Other shop')
    const there = await call('/email/verify', {
      body: { email, otp: await codeFrom(email, since) },
      projectId: other.id,
    })
    const answer = (await there.json()) as { user: { userId: string }; wallet: unknown }
    expect(answer.wallet).toBeNull()
    expect(answer.user.userId).not.toBe(user.userId)
    expect(await (await call('/me', { token })).json()).toMatchObject({
      wallet: { address: shares.address },
    })
  })
})

describe('e-mail change', () => {
  it('moves the account to a new address after a code from the old one, then one from the new', async () => {
    const { token, email, user, shares } = await userWithWallet()
    rig.clock.now += 31_000
    const newAddress = newEmail('moved')
    let since = rig.catcher.count()
    const started = await call('/email/update', { body: { newEmail: newAddress }, token })
    expect(started.status).toBe(200)
    expect(await started.json()).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primaryMail = await rig.catcher.waitForMail(email, { since })
    expect(primaryMail.text).toContain(newAddress)
    const primary = await codeFrom(email, since)

    // The second step before the first is refused.
    const early = await call('/email/update/secondary', { body: { otp: primary }, token })
    expect(early.status).toBe(409)
    expect((await errorOf(early)).code).toBe('EMAIL_UPDATE_NOT_PENDING')

    since = rig.catcher.count()
    const first = await call('/email/update/primary', { body: { otp: primary }, token })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await codeFrom(newAddress, since)
    const second = await call('/email/update/secondary', { body: { otp: secondary }, token })
    expect(second.status).toBe(200)
    expect(await second.json()).toEqual({ email: newAddress })

    expect(await (await call('/me', { token })).json()).toEqual({
      user: { userId: user.userId, email: newAddress },
      wallet: { address: shares.address },
    })
    // The new address logs in to the same wallet; the old one is a stranger now.
    rig.clock.now += 31_000
    expect((await login(newAddress)).wallet).toEqual({ address: shares.address })
    const old = await login(email)
    expect(old.user.userId).not.toBe(user.userId)
    expect(old.wallet).toBeNull()
  })

  it('refuses the current address and another user’s, sending nothing', async () => {
    const { session, email } = await login()
    const token = session.token
    const taken = await login()
    rig.clock.now += 31_000
    const mails = rig.catcher.count()
    for (const address of [email, taken.email]) {
      const response = await call('/email/update', { body: { newEmail: address }, token })
      expect(response.status).toBe(409)
      expect((await errorOf(response)).code).toBe('EMAIL_TAKEN')
    }
    expect(rig.catcher.count()).toBe(mails)
  })

  it('refuses a wrong primary code and keeps the change waiting for the right one', async () => {
    const { session, email } = await login()
    const token = session.token
    rig.clock.now += 31_000
    const since = rig.catcher.count()
    // Digits in the new address, which the mail names: the code is still told apart.
    const next = newEmail('654321')
    const started = await call('/email/update', { body: { newEmail: next }, token })
    expect(started.status, await started.clone().text()).toBe(200)
    const primary = await codeFrom(email, since)
    const wrong = String((Number(primary) + 1) % 1_000_000).padStart(6, '0')
    const refused = await call('/email/update/primary', { body: { otp: wrong }, token })
    expect(refused.status).toBe(401)
    expect((await errorOf(refused)).code).toBe('OTP_INVALID')
    const right = await call('/email/update/primary', { body: { otp: primary }, token })
    expect(right.status, await right.clone().text()).toBe(200)
  })
})

describe('key export', () => {
  it('gives the recovery share back only for a fresh code mailed to the user', async () => {
    const { token, email, shares } = await userWithWallet()
    rig.clock.now += 31_000
    const since = rig.catcher.count()
    const asked = await call('/export/otp', { method: 'POST', token })
    expect(asked.status).toBe(200)
    expect(await asked.json()).toEqual({ action: 'VERIFY_OTP' })
    const mail = await rig.catcher.waitForMail(email, { since })
    expect(mail.subject).toMatch(/^\d{6} is your code to export your wallet's key$/)
    const otp = await codeFrom(email, since)

    // A login code is not an export code.
    rig.clock.now += 31_000
    const loginCode = await askCode(email)
    const wrongKind = await call('/export/verify', { body: { otp: loginCode }, token })
    expect(wrongKind.status).toBe(401)

    const exported = await call('/export/verify', { body: { otp }, token })
    expect(exported.status).toBe(200)
    expect(await exported.json()).toEqual({ recoveryShare: shares.recoveryShare })
    const reused = await call('/export/verify', { body: { otp }, token })
    expect(reused.status).toBe(401)
    expect((await errorOf(reused)).code).toBe('OTP_NOT_FOUND')
  })

  it('refuses an export for a user without a wallet, mailing nothing', async () => {
    const { session } = await login()
    rig.clock.now += 31_000
    const mails = rig.catcher.count()
    const response = await call('/export/otp', { method: 'POST', token: session.token })
    expect(response.status).toBe(404)
    expect(rig.catcher.count()).toBe(mails)
  })
})
