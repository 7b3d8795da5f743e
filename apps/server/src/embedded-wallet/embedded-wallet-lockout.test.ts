// The e-mail login's limits as an attacker from one IPv6 /64 meets them: every address of its
// /64 counts as one client (http/client-address.ts), and its own counts run out before it can
// use up what the project's other visitors, or the owner of the address it targets, need to log
// in. The requests come in from chosen client addresses through the real server (injected: this
// machine's loopback cannot source IPv6 addresses of a documentation prefix).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedWalletRig,
  type ErrorBody,
  embeddedClient,
  expectRateLimited,
  newEmail,
  nextHourWindow,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'

const TEN_MINUTES = 10 * 60_000
const HOUR = 60 * 60_000
let rig: EmbeddedWalletRig
const { call, otpBody, verifyBody, askCode, login } = embeddedClient(() => rig)

/** An attacker's /64 (2^64 addresses to pick from), the visitors' own networks. */
const attacker = (n: number) => `2001:db8:bad:1::${n.toString(16)}`
const visitor = '2001:db8:600d:1::1'
const otherVisitor = '198.51.100.20'

beforeAll(async () => {
  rig = await startEmbeddedWalletRig({
    perIp: { limit: 3, windowMs: TEN_MINUTES },
    perProject: { limit: 6, windowMs: TEN_MINUTES },
    perAddress: { limit: 2, windowMs: HOUR },
    perAddressAllClients: { limit: 4, windowMs: HOUR },
    verifyPerIp: { limit: 6, windowMs: TEN_MINUTES },
  })
})
afterAll(async () => {
  await rig?.stop()
})

const nextWindow = () => nextHourWindow(rig)

const askFrom = (from: string, email: string) => call('/email/otp', { body: otpBody(email), from })

describe('one IPv6 /64 is one client', () => {
  it('counts every address of a /64 against one limit, and another /64 against its own', async () => {
    nextWindow()
    for (let n = 1; n <= 3; n++) expect((await askFrom(attacker(n), newEmail())).status).toBe(200)
    // A fresh address of the same /64 is the same client.
    await expectRateLimited(await askFrom(attacker(0xffff), newEmail()))
    // The neighbouring /64 is another subscriber.
    expect((await askFrom('2001:db8:bad:2::1', newEmail())).status).toBe(200)
  })

  it('counts an IPv4 client the same whether it arrives mapped into IPv6 or not', async () => {
    nextWindow()
    for (const from of ['203.0.113.9', '::ffff:203.0.113.9', '::ffff:cb00:7109']) {
      expect((await askFrom(from, newEmail())).status).toBe(200)
    }
    await expectRateLimited(await askFrom('203.0.113.9', newEmail()))
    expect((await askFrom('203.0.113.10', newEmail())).status).toBe(200)
  })

  it('counts the code checks of every address of a /64 together', async () => {
    nextWindow()
    const email = newEmail()
    await askCode(email, visitor)
    for (let n = 1; n <= 6; n++) {
      const guess = await call('/email/verify', {
        body: verifyBody(newEmail(), '000000'),
        from: attacker(n),
      })
      expect(guess.status).toBe(401)
    }
    await expectRateLimited(
      await call('/email/verify', { body: verifyBody(email, '000000'), from: attacker(7) }),
    )
  })
})

describe('a stranger cannot lock others out', () => {
  it('runs out of its own code mails long before the project’s: the project’s visitors still log in', async () => {
    nextWindow()
    // From as many addresses of its /64 as it likes: 3 mails, then refusals that count nothing
    // against the project.
    for (let n = 1; n <= 12; n++) {
      const response = await askFrom(attacker(n), newEmail('stranger'))
      expect(response.status).toBe(n <= 3 ? 200 : 429)
    }
    const session = await login(newEmail(), visitor)
    expect(session.session.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await login(newEmail(), otherVisitor)).user.userId).not.toBe(session.user.userId)
  })

  it('spends its own count of codes to someone else’s address: the owner still gets a code and logs in', async () => {
    nextWindow()
    const victim = newEmail('victim')
    expect((await askFrom(attacker(1), victim)).status).toBe(200)
    rig.clock.now += 31_000
    expect((await askFrom(attacker(2), victim)).status).toBe(200)
    rig.clock.now += 31_000
    // Its third code to the victim's address is refused, from any address of its /64, and the
    // refusal holds no cooldown against the owner.
    await expectRateLimited(await askFrom(attacker(3), victim))
    const { user } = await login(victim, visitor)
    expect(user.email).toBe(victim)
  })

  it('takes only the first tries of someone else’s live code: its owner still logs in with it', async () => {
    nextWindow()
    const victim = newEmail('victim')
    const otp = await askCode(victim, visitor)
    const wrong = otp === '000000' ? '111111' : '000000'
    // Without the secret of the visitor's frame a stranger's try is refused before the code is
    // looked at, and takes none of its tries.
    const blind = await call('/email/verify', {
      body: { email: victim, otp: wrong, redeemSecret: 'x'.repeat(43) },
      from: attacker(1),
    })
    expect(((await blind.json()) as ErrorBody).error.code).toBe('OTP_OF_ANOTHER_BROWSER')
    // Even a stranger who holds that secret (copied off the visitor's machine with the mail)
    // gets only the first tries.
    const guess = (from: string) => call('/email/verify', { body: verifyBody(victim, wrong), from })
    const first = await guess(attacker(1))
    expect(first.status, await first.clone().text()).toBe(401)
    expect(((await first.json()) as ErrorBody).error.message).toBe('Wrong code: 1 try left')
    // Its second try is the last a stranger may take, from any network: the rest are the owner's.
    for (const from of [attacker(2), attacker(3), '2001:db8:bad:2::1', otherVisitor]) {
      const refused = await guess(from)
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as ErrorBody).error.code).toBe('OTP_LOCKED')
    }
    // The owner typos once, then types the code.
    const typo = await guess(visitor)
    expect(((await typo.json()) as ErrorBody).error.message).toBe('Wrong code: 2 tries left')
    const right = await call('/email/verify', { body: verifyBody(victim, otp), from: visitor })
    expect(right.status, await right.clone().text()).toBe(200)
  })

  it('still locks a code after its five tries, however they are shared out', async () => {
    nextWindow()
    const email = newEmail()
    const otp = await askCode(email, attacker(1))
    const wrong = otp === '000000' ? '111111' : '000000'
    // Whoever asked for the code (here a guesser, from its own /64) and every other client
    // together get five tries, as before: two by others, then three more by the asker's /64.
    const tries: [string, number][] = [
      [otherVisitor, 401],
      [visitor, 429],
      [attacker(2), 401],
      [attacker(3), 401],
      [attacker(4), 429],
    ]
    for (const [from, status] of tries) {
      const response = await call('/email/verify', { body: verifyBody(email, wrong), from })
      expect(response.status).toBe(status)
    }
    for (const from of [attacker(5), visitor]) {
      const refused = await call('/email/verify', { body: verifyBody(email, otp), from })
      expect(((await refused.json()) as ErrorBody).error.code).toBe('OTP_LOCKED')
    }
  })

  it('keeps a ceiling on the codes one address receives from every client together', async () => {
    nextWindow()
    const inbox = newEmail('inbox')
    for (const from of [attacker(1), attacker(2), '2001:db8:bad:2::1', visitor]) {
      expect((await askFrom(from, inbox)).status).toBe(200)
      rig.clock.now += 31_000
    }
    await expectRateLimited(await askFrom(otherVisitor, inbox))
  })
})
