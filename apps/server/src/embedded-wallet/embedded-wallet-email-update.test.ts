// The e-mail change against the real server and a real SMTP mail catcher: a code from the current
// address, then one from the new. Attacked as a signed-in user would: probing whether an address
// has a wallet gets the same answers for another user's address as for a free one, up to the
// code only that mailbox's reader sees; starting changes over and over is rate limited per user
// and per IP, and a refusal mails and stores nothing. Small limits here so a test reaches them;
// the server's own are in embedded-wallet-constants.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedWalletRig,
  type ErrorBody,
  embeddedClient,
  embeddedWalletRows,
  newEmail,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'
import { splitKey, walletBody } from '../test/key-split'

const HOUR = 60 * 60_000
let rig: EmbeddedWalletRig
const { call, codeFrom, login } = embeddedClient(() => rig)
const stored = embeddedWalletRows(() => rig)

beforeAll(async () => {
  rig = await startEmbeddedWalletRig({
    updatePerUser: { limit: 3, windowMs: HOUR },
    updatePerIp: { limit: 5, windowMs: 10 * 60_000 },
  })
})
afterAll(async () => {
  await rig?.stop()
})

/** Starts the next test in fresh windows of every limit. */
function nextWindow() {
  rig.clock.now = (Math.floor(rig.clock.now / HOUR) + 1) * HOUR
}

/** Past the 30 s cooldown of the codes mailed so far. */
function afterCooldown() {
  rig.clock.now += 31_000
}

async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ((await response.json()) as ErrorBody).error
}

/** What a caller can tell an answer by: status, headers (the date aside) and body. */
async function answerOf(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'))
  return { status: response.status, headers, body: await response.text() }
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('e-mail change', () => {
  it('moves the account to a new address after a code from the old one, then one from the new', async () => {
    nextWindow()
    const { session, email, user } = await login()
    const token = session.token
    const shares = walletBody(await splitKey())
    expect((await call('/wallet', { body: shares, token })).status).toBe(201)
    afterCooldown()
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
    afterCooldown()
    expect((await login(newAddress)).wallet).toEqual({ address: shares.address })
    const old = await login(email)
    expect(old.user.userId).not.toBe(user.userId)
    expect(old.wallet).toBeNull()
  })

  it('refuses a wrong primary code and keeps the change waiting for the right one', async () => {
    nextWindow()
    const { session, email } = await login()
    const token = session.token
    afterCooldown()
    const since = rig.catcher.count()
    // Digits in the new address, which the mail names: the code is still told apart.
    const next = newEmail('654321')
    const started = await call('/email/update', { body: { newEmail: next }, token })
    expect(started.status, await started.clone().text()).toBe(200)
    const primary = await codeFrom(email, since)
    const refused = await call('/email/update/primary', {
      body: { otp: wrongCode(primary) },
      token,
    })
    expect(refused.status).toBe(401)
    expect((await errorOf(refused)).code).toBe('OTP_INVALID')
    const right = await call('/email/update/primary', { body: { otp: primary }, token })
    expect(right.status, await right.clone().text()).toBe(200)
  })

  it('refuses the current address, mailing and storing nothing', async () => {
    nextWindow()
    const { session, email } = await login()
    afterCooldown()
    const before = await stored.read()
    const response = await call('/email/update', {
      body: { newEmail: email.toUpperCase() },
      token: session.token,
    })
    expect(response.status).toBe(409)
    expect(await errorOf(response)).toEqual({
      code: 'EMAIL_UNCHANGED',
      message: 'This is already the e-mail address of this account',
    })
    expect(await stored.read()).toBe(before)
  })
})

describe('probing which addresses have a wallet', () => {
  /** A signed-in prober past its login code's cooldown, changing its address to `address`. */
  async function prober(address: string) {
    const { session, email } = await login()
    afterCooldown()
    const token = session.token
    let since = rig.catcher.count()
    return {
      token,
      email,
      /** Step 1; the code goes to the prober's own address and nowhere else. */
      async start() {
        since = rig.catcher.count()
        const answer = await answerOf(
          await call('/email/update', { body: { newEmail: address }, token }),
        )
        if (answer.status === 200) expect(rig.catcher.count()).toBe(since + 1)
        return answer
      },
      /** Step 2 with the code from the prober's mailbox: a code goes to `address`. */
      async confirm() {
        const otp = await codeFrom(email, since)
        since = rig.catcher.count()
        return answerOf(await call('/email/update/primary', { body: { otp }, token }))
      },
      /** Step 3 without that mailbox: a guess. */
      async guess() {
        const otp = wrongCode(await codeFrom(address, since))
        return answerOf(await call('/email/update/secondary', { body: { otp }, token }))
      },
      /** Step 3 as the reader of that mailbox. */
      async finish() {
        const otp = await codeFrom(address, since)
        return call('/email/update/secondary', { body: { otp }, token })
      },
    }
  }

  it('answers a change to another user’s address as one to a free address, until that mailbox’s code', async () => {
    nextWindow()
    const owner = await login()
    afterCooldown()
    const taken = await prober(owner.email)
    const free = await prober(newEmail('free'))

    const started = await taken.start()
    expect(started).toEqual(await free.start())
    expect(started).toMatchObject({
      status: 200,
      body: JSON.stringify({ action: 'VERIFY_PRIMARY_OTP' }),
    })
    const confirmed = await taken.confirm()
    expect(confirmed).toEqual(await free.confirm())
    expect(confirmed).toMatchObject({
      status: 200,
      body: JSON.stringify({ action: 'VERIFY_SECONDARY_OTP' }),
    })
    const guessed = await taken.guess()
    expect(guessed).toEqual(await free.guess())
    expect(guessed.status).toBe(401)

    // Only the owner of the taken mailbox reads its code, and is told there.
    const refused = await taken.finish()
    expect(refused.status).toBe(409)
    expect(await errorOf(refused)).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'This e-mail address already belongs to another account, so it cannot be moved here',
    })
    // Both accounts keep their addresses, and the change is over.
    expect((await (await call('/me', { token: taken.token })).json()).user.email).toBe(taken.email)
    expect((await (await call('/me', { token: owner.session.token })).json()).user).toEqual(
      owner.user,
    )
    const again = await taken.finish()
    expect((await errorOf(again)).code).toBe('EMAIL_UPDATE_NOT_PENDING')

    expect((await free.finish()).status).toBe(200)
  })
})

describe('e-mail change limits', () => {
  async function expectRefusedUnchanged(token: string) {
    const before = await stored.read()
    const response = await call('/email/update', { body: { newEmail: newEmail() }, token })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(response)).code).toBe('RATE_LIMITED')
    expect(await stored.read()).toBe(before)
  }

  async function start(token: string) {
    afterCooldown()
    const response = await call('/email/update', { body: { newEmail: newEmail() }, token })
    expect(response.status, await response.clone().text()).toBe(200)
  }

  it('limits the changes one user starts; others from the same IP still start theirs', async () => {
    nextWindow()
    const { session } = await login()
    const other = await login()
    for (let i = 0; i < 3; i++) await start(session.token)
    afterCooldown()
    await expectRefusedUnchanged(session.token)
    await start(other.session.token)
    // The window turns: the user may start again.
    rig.clock.now += HOUR
    await start(session.token)
  })

  it('limits the changes started from one IP, over every user', async () => {
    nextWindow()
    const [first, second, third] = [await login(), await login(), await login()]
    for (let i = 0; i < 3; i++) await start(first.session.token)
    for (let i = 0; i < 2; i++) await start(second.session.token)
    afterCooldown()
    await expectRefusedUnchanged(third.session.token)
  })
})
