// The limits on code mails and code checks beside the 30 s cooldown: per client IP, per
// address over an hour, and code checks per IP. Small limits here so a test can reach them;
// the server's own are in embedded-wallet-constants.ts. A refusal mails and stores nothing.
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
let rig: EmbeddedWalletRig
const { call, otpBody, verifyBody, askCode } = embeddedClient(() => rig)

beforeAll(async () => {
  rig = await startEmbeddedWalletRig({
    perIp: { limit: 3, windowMs: TEN_MINUTES },
    perAddress: { limit: 2, windowMs: 60 * 60_000 },
    verifyPerIp: { limit: 6, windowMs: TEN_MINUTES },
  })
})
afterAll(async () => {
  await rig?.stop()
})

const nextWindow = () => nextHourWindow(rig)

async function storedCodes(): Promise<number> {
  const { rows } = await rig.server.app.portico.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM embedded_wallet_codes',
  )
  return rows[0]?.n ?? -1
}

describe('code limits', () => {
  it('limits the codes one client IP has mailed, over every address', async () => {
    nextWindow()
    for (let i = 0; i < 3; i++) await askCode(newEmail())
    const [codes, mails] = [await storedCodes(), rig.catcher.count()]
    const email = newEmail()
    await expectRateLimited(await call('/email/otp', { body: otpBody(email) }))
    expect(await storedCodes()).toBe(codes)
    expect(rig.catcher.count()).toBe(mails)
    // The address got no cooldown from the refusal: once the window turns it gets its code.
    rig.clock.now += TEN_MINUTES
    await askCode(email)
  })

  it('limits the codes one address gets in an hour, beyond the cooldown', async () => {
    nextWindow()
    const email = newEmail()
    await askCode(email)
    rig.clock.now += 31_000
    await askCode(email)
    rig.clock.now += 31_000
    const codes = await storedCodes()
    await expectRateLimited(await call('/email/otp', { body: otpBody(email) }))
    expect(await storedCodes()).toBe(codes)
  })

  it('limits the code checks one client IP makes, over every address', async () => {
    nextWindow()
    const first = newEmail()
    const second = newEmail()
    await askCode(first)
    await askCode(second)
    for (const email of [first, first, first, second, second, second]) {
      const response = await call('/email/verify', { body: verifyBody(email, '000000') })
      expect([401, 429]).toContain(response.status)
      expect(((await response.json()) as ErrorBody).error.code).not.toBe('RATE_LIMITED')
    }
    await expectRateLimited(await call('/email/verify', { body: verifyBody(second, '000000') }))
  })
})
