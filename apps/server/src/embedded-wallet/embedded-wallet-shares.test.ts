// The wallet's shares, the session's life and the account's changes against the real server and
// a real SMTP mail catcher: shares only for a live session, the recovery share sealed at rest
// and given only just after a login, rotation only to shares of the same key, the key export
// behind a fresh code, sign-out. The e-mail change has a file of its own
// (embedded-wallet-email-update.test.ts).
import { randomBytes } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedWalletRig,
  type ErrorBody,
  embeddedClient,
  embeddedWalletRows,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'
import { splitKey, walletBody } from '../test/key-split'
import { EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS } from './embedded-wallet-constants'
import { sealBinding } from './embedded-wallets'
import { createShareSeal } from './share-seal'

let rig: EmbeddedWalletRig
const { call, otpBody, verifyBody, codeFrom, askCode, login } = embeddedClient(() => rig)
const stored = embeddedWalletRows(() => rig)

beforeAll(async () => {
  rig = await startEmbeddedWalletRig()
})
afterAll(async () => {
  await rig?.stop()
})

const newShares = async () => walletBody(await splitKey())

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

/** A logged-in user with a stored wallet (a real key, split as the frame splits it). */
async function userWithWallet() {
  const login1 = await login()
  const privateKey = generatePrivateKey()
  const shares = walletBody(await splitKey(privateKey))
  const token = login1.session.token
  const created = await call('/wallet', { body: shares, token })
  expect(created.status).toBe(201)
  return { ...login1, token, shares, privateKey }
}

/** The same address logging in on a new browser: a fresh session (past the 30 s cooldown). */
async function newBrowserLogin(email: string) {
  rig.clock.now += 31_000
  return (await login(email)).session.token
}

const RECOVERY_REFUSED = {
  code: 'RECOVERY_NEEDS_FRESH_LOGIN',
  message: 'The recovery share is given only just after a login: please log in again',
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
    // The session that made the wallet has nothing to recover: its window closed then.
    const maker = await call('/shares/recovery', { token })
    expect(maker.status).toBe(403)
    expect(await errorOf(maker)).toEqual(RECOVERY_REFUSED)

    const again = await call('/wallet', { body: await newShares(), token })
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

  it('refuses a first wallet whose shares do not rebuild its address, storing nothing', async () => {
    const { session } = await login()
    const token = session.token
    const before = await stored.read()
    const own = await splitKey()
    const stranger = await splitKey()
    for (const body of [
      // Real shares of another key under this address: no browser could ever recover it.
      { ...walletBody(stranger), address: own.address },
      // One share of this key with one of another key.
      { address: own.address, authShare: own.authShare, recoveryShare: stranger.recoveryShare },
      // One share twice: combine() would give its masked bytes back, not a key.
      { address: own.address, authShare: own.authShare, recoveryShare: own.authShare },
    ]) {
      const refused = await call('/wallet', { body, token })
      expect(refused.status).toBe(409)
      expect(await errorOf(refused)).toEqual({
        code: 'WALLET_SHARES_MISMATCH',
        message: "These shares do not rebuild this wallet's key: nothing was changed",
      })
    }
    expect(await stored.read()).toBe(before)
    expect(await (await call('/me', { token })).json()).toMatchObject({ wallet: null })
    // The frame's own split is still taken.
    expect((await call('/wallet', { body: walletBody(own), token })).status).toBe(201)
  })

  it('refuses a first wallet from a session past its login’s minutes, so a token stolen later cannot plant its own key', async () => {
    const { session, email } = await login()
    rig.clock.now += EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS * 1000
    const before = await stored.read()
    const planted = await call('/wallet', { body: await newShares(), token: session.token })
    expect(planted.status).toBe(403)
    expect(await errorOf(planted)).toEqual({
      code: 'WALLET_NEEDS_FRESH_LOGIN',
      message: 'A new wallet is stored only just after a login: please log in again',
    })
    expect(await stored.read()).toBe(before)
    // The owner's next login stores the wallet its frame makes.
    const fresh = await newBrowserLogin(email)
    expect((await call('/wallet', { body: await newShares(), token: fresh })).status).toBe(201)
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
    // The thief's own fresh login: its window is open, yet the victim's share does not open.
    const response = await call('/shares/recovery', { token: await newBrowserLogin(thief.email) })
    expect(response.status).toBe(500)
    expect(JSON.stringify(await response.json())).not.toContain(victim.shares.recoveryShare)
  })

  it('rotates both shares to a new split of the same key, and refuses another address', async () => {
    const { token, shares, privateKey, email } = await userWithWallet()
    const rotated = {
      ...walletBody(await splitKey(privateKey)),
      address: shares.address.toLowerCase(),
    }
    const put = await call('/wallet', { method: 'PUT', body: rotated, token })
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({ wallet: { address: shares.address } })
    expect(await (await call('/shares/auth', { token })).json()).toEqual({
      authShare: rotated.authShare,
    })
    // The server combined the two shares to check them; it kept nothing of the key.
    expect(await stored.read()).not.toContain(privateKey.slice(2))
    const recovered = await call('/shares/recovery', { token: await newBrowserLogin(email) })
    expect(await recovered.json()).toEqual({ recoveryShare: rotated.recoveryShare })

    const other = await call('/wallet', { method: 'PUT', body: await newShares(), token })
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
      body: await newShares(),
      token: newcomer.session.token,
    })
    expect(none.status).toBe(404)
  })

  it('refuses a rotation to shares that do not rebuild the stored address, changing nothing', async () => {
    const { token, shares, privateKey, email } = await userWithWallet()
    const before = await stored.read()
    const stranger = await splitKey()
    const fresh = await splitKey(privateKey)
    const older = await splitKey(privateKey)
    for (const body of [
      // Another key's shares under this wallet's address: the wallet would be lost.
      { ...walletBody(stranger), address: shares.address },
      // One good share with one of another split of the same key, or of another key.
      { address: shares.address, authShare: fresh.authShare, recoveryShare: older.recoveryShare },
      {
        address: shares.address,
        authShare: fresh.authShare,
        recoveryShare: stranger.recoveryShare,
      },
      // The same share twice, and the device share with a copy of itself.
      { address: shares.address, authShare: fresh.authShare, recoveryShare: fresh.authShare },
      { address: shares.address, authShare: fresh.deviceShare, recoveryShare: fresh.deviceShare },
    ]) {
      const refused = await call('/wallet', { method: 'PUT', body, token })
      expect(refused.status).toBe(409)
      expect(await errorOf(refused)).toEqual({
        code: 'WALLET_SHARES_MISMATCH',
        message: "These shares do not rebuild this wallet's key: nothing was changed",
      })
    }
    expect(await stored.read()).toBe(before)
    // The wallet still comes back whole on a new browser.
    const auth = (await (await call('/shares/auth', { token })).json()) as { authShare: Hex }
    const newToken = await newBrowserLogin(email)
    const recovery = (await (await call('/shares/recovery', { token: newToken })).json()) as {
      recoveryShare: Hex
    }
    const key = await combine([hexToBytes(auth.authShare), hexToBytes(recovery.recoveryShare)])
    expect(bytesToHex(key)).toBe(privateKey)
  })
})

describe('custody: what a copy of the database gives', () => {
  it('alone, one usable share (the auth share) and a recovery share no other key opens; with the seal key, the key', async () => {
    const { user, privateKey, shares } = await userWithWallet()
    const row = await walletRow(user.userId)
    if (!row) throw new Error('no wallet row')
    const sealed = Buffer.from(row.recovery_share_sealed ?? '', 'base64')
    const binding = sealBinding(user.userId, row.address ?? '')
    expect(row.auth_share).toBe(shares.authShare)
    expect(() => createShareSeal(randomBytes(32)).unseal(sealed, binding)).toThrow()
    const recovery = createShareSeal(Buffer.from(rig.sealKey, 'hex')).unseal(sealed, binding)
    const key = await combine([hexToBytes(row.auth_share as Hex), hexToBytes(recovery as Hex)])
    expect(bytesToHex(key)).toBe(privateKey)
  })
})

describe('the recovery share', () => {
  it('goes to a new browser’s session once, right after its login; its auth share stays readable', async () => {
    const { email, shares } = await userWithWallet()
    const token = await newBrowserLogin(email)
    const first = await call('/shares/recovery', { token })
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(await first.json()).toEqual({ recoveryShare: shares.recoveryShare })
    const second = await call('/shares/recovery', { token })
    expect(second.status).toBe(403)
    expect(await errorOf(second)).toEqual(RECOVERY_REFUSED)
    expect((await call('/shares/auth', { token })).status).toBe(200)
  })

  it('refuses a 7-day session token replayed after the window, so the token gives one share only', async () => {
    const { email } = await userWithWallet()
    // The new browser's frame unlocks with its device share, never asking for recovery; an
    // attacker copies the token and replays it once the window is over.
    const stolen = await newBrowserLogin(email)
    rig.clock.now += EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS * 1000
    const before = await stored.read()
    const replayed = await call('/shares/recovery', { token: stolen })
    expect(replayed.status).toBe(403)
    expect(await errorOf(replayed)).toEqual(RECOVERY_REFUSED)
    expect(await stored.read()).toBe(before)
    // Still a live session: it reads the auth share, and nothing rebuilds a key from one share.
    expect((await call('/me', { token: stolen })).status).toBe(200)
    expect((await call('/shares/auth', { token: stolen })).status).toBe(200)
  })

  it('never reopens for a stolen token: not as it goes on being used, nor when its owner logs in and rotates', async () => {
    const { email, privateKey } = await userWithWallet()
    const stolen = await newBrowserLogin(email)
    rig.clock.now += EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS * 1000
    // Every route a bare session may call, none of which is a fresh proof of the login.
    for (const path of ['/me', '/shares/auth', '/shares/recovery'])
      await call(path, { token: stolen })
    // The owner logs in on another browser: that session gets its own window, and rotates.
    const owner = await newBrowserLogin(email)
    const recovered = await call('/shares/recovery', { token: owner })
    expect(recovered.status).toBe(200)
    const rotated = walletBody(await splitKey(privateKey))
    expect((await call('/wallet', { method: 'PUT', body: rotated, token: owner })).status).toBe(200)
    const replayed = await call('/shares/recovery', { token: stolen })
    expect(replayed.status).toBe(403)
    expect(await errorOf(replayed)).toEqual(RECOVERY_REFUSED)
    // So the stolen token reads one share (the new auth share) and never a second.
    expect(await (await call('/shares/auth', { token: stolen })).json()).toEqual({
      authShare: rotated.authShare,
    })
  })

  it('gives it once to racing requests of one session', async () => {
    const { email } = await userWithWallet()
    const token = await newBrowserLogin(email)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('/shares/recovery', { token })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403, 403, 403, 403, 403])
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
      body: verifyBody(email, otp),
      projectId: other.id,
    })
    expect(elsewhere.status).toBe(401)
    expect((await errorOf(elsewhere)).code).toBe('OTP_NOT_FOUND')
    // The same address in the other project is another user, without this wallet; the mail
    // names the project that asked.
    rig.clock.now += 31_000
    const since = rig.catcher.count()
    const asked = await call('/email/otp', { body: otpBody(email), projectId: other.id })
    expect(asked.status).toBe(200)
    expect((await rig.catcher.waitForMail(email, { since })).text).toContain('Other shop')
    const there = await call('/email/verify', {
      body: verifyBody(email, await codeFrom(email, since)),
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

    // Long after the login's recovery window: export has its own fresh proof, the code.
    rig.clock.now += EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS * 1000
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
