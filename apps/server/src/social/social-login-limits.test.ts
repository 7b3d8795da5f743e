// Social login's rate limits, the e-mail routes' own: starts per client IP (as code mails),
// redeems per IP (as code checks). Small limits here so a test reaches them; a refusal is
// 429 RATE_LIMITED with Retry-After and stores nothing.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SocialRig, socialClient, startSocialRig } from '../test/social-login-client'

const TEN_MINUTES = 10 * 60_000
let rig: SocialRig
const { start, redeem } = socialClient(() => rig)

beforeAll(async () => {
  rig = await startSocialRig(() => {}, {
    perIp: { limit: 3, windowMs: TEN_MINUTES },
    verifyPerIp: { limit: 3, windowMs: TEN_MINUTES },
  })
}, 60_000)
afterAll(async () => {
  await rig?.stop()
})

async function states(): Promise<number> {
  const { rows } = await rig.server.app.portico.db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM social_login_states',
  )
  return Number(rows[0]?.n)
}

const token = () => randomBytes(32).toString('base64url')

describe('social login rate limits', () => {
  it('refuses the start past the per-IP limit, storing no state, until the window ends', async () => {
    for (let i = 0; i < 3; i++) expect((await start('google')).status).toBe(200)
    const before = await states()
    const refused = await start('google')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await refused.json()).error.code).toBe('RATE_LIMITED')
    expect(await states()).toBe(before)
    rig.clock.now += TEN_MINUTES + 1
    expect((await start('google')).status).toBe(200)
  })

  it('refuses redeems past the per-IP limit, even a right one', async () => {
    for (let i = 0; i < 3; i++) expect((await redeem(token(), token())).status).toBe(401)
    const refused = await redeem(token(), token())
    expect(refused.status).toBe(429)
    expect((await refused.json()).error.code).toBe('RATE_LIMITED')
  })
})
