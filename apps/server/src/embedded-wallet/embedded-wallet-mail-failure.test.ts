// When the code mail cannot go out (the SMTP server is down), the request says so (503) and
// leaves nothing behind: no code, no cooldown, so the visitor can ask again at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedWalletRig,
  type ErrorBody,
  embeddedClient,
  newEmail,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'

let rig: EmbeddedWalletRig
const { call, otpBody, login } = embeddedClient(() => rig)

beforeAll(async () => {
  rig = await startEmbeddedWalletRig()
})
afterAll(async () => {
  await rig?.server.stop()
})

async function count(table: string, email: string): Promise<number> {
  const { rows } = await rig.server.app.portico.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE email = $1`,
    [email],
  )
  return rows[0]?.n ?? -1
}

describe('a code mail that cannot be sent', () => {
  it('answers 503 MAIL_UNAVAILABLE and keeps no code and no cooldown', async () => {
    const known = await login()
    rig.clock.now += 31_000
    await rig.catcher.stop()
    for (const email of [newEmail(), known.email]) {
      for (let i = 0; i < 2; i++) {
        const response = await call('/email/otp', { body: otpBody(email) })
        expect(response.status).toBe(503)
        expect(((await response.json()) as ErrorBody).error).toEqual({
          code: 'MAIL_UNAVAILABLE',
          message: 'The e-mail could not be sent: try again later',
        })
      }
      expect(await count('embedded_wallet_codes', email)).toBe(email === known.email ? 1 : 0)
    }
    expect(await count('embedded_wallet_mail_cooldowns', known.email)).toBe(1)
    const { rows } = await rig.server.app.portico.db.query(
      'SELECT 1 FROM embedded_wallet_mail_cooldowns WHERE last_sent_at = $1',
      [new Date(rig.clock.now)],
    )
    expect(rows).toEqual([])
  })
})
