// The embedded wallet's API (/v1/embedded-wallet/...) as one table: method, path (protocol's),
// body and answer shapes (protocol's), the guards before the handler (embedded-route.ts), and
// what the route does. Every route is project scoped and answers `cache-control: no-store`.
import {
  AuthShareAnswer,
  EmailOtpAnswer,
  EmailOtpBody,
  EmailVerifyAnswer,
  EmailVerifyBody,
  ExportOtpAnswer,
  MeAnswer,
  OtpBody,
  RecoveryShareAnswer,
  UpdateEmailAnswer,
  UpdateEmailBody,
  UpdateEmailPrimaryAnswer,
  UpdateEmailSecondaryAnswer,
  WalletAnswer,
  WalletSharesBody,
} from '@portico/protocol/embedded-wallet-api'
import {
  EMBEDDED_AUTH_SHARE_PATH,
  EMBEDDED_EMAIL_OTP_PATH,
  EMBEDDED_EMAIL_UPDATE_PATH,
  EMBEDDED_EMAIL_UPDATE_PRIMARY_PATH,
  EMBEDDED_EMAIL_UPDATE_SECONDARY_PATH,
  EMBEDDED_EMAIL_VERIFY_PATH,
  EMBEDDED_EXPORT_OTP_PATH,
  EMBEDDED_EXPORT_VERIFY_PATH,
  EMBEDDED_ME_PATH,
  EMBEDDED_RECOVERY_SHARE_PATH,
  EMBEDDED_SIGN_OUT_PATH,
  EMBEDDED_WALLET_PATH,
} from '@portico/protocol/route-paths'
import { beginEmailUpdate, confirmCurrentEmail, confirmNewEmail } from './email-change'
import { describeUser, sendLoginCode, verifyLogin } from './email-login'
import { type EmbeddedRoute, embeddedRoute } from './embedded-route'
import { revokeEmbeddedSession } from './embedded-sessions'
import {
  authShareOf,
  recoveryShareAfterLogin,
  rotateShares,
  sendExportCode,
  storeFirstWallet,
  verifyExport,
} from './wallet-custody'

export const EMBEDDED_WALLET_ROUTES: readonly EmbeddedRoute[] = [
  // Mails a login code bound to the frame's redeem commitment. Refused inside the address's 30 s
  // cooldown ('Please try again after {n} seconds') and over the client's or project's rate
  // limit (429).
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_EMAIL_OTP_PATH,
    body: EmailOtpBody,
    answer: EmailOtpAnswer,
    guards: [],
    handle: async ({ service, body, asker }) => {
      await sendLoginCode(service, asker(), body.email.toLowerCase(), body.redeemChallenge)
      return { action: 'VERIFY_OTP' as const }
    },
  }),
  // A right code with the secret of the frame that asked for it answers a new session (its token
  // is given only here), the user and the wallet (null for a new user). Without that secret:
  // 403, no try taken. A wrong code says how many tries are left; the fifth locks the code (429).
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_EMAIL_VERIFY_PATH,
    body: EmailVerifyBody,
    answer: EmailVerifyAnswer,
    guards: [],
    handle: async ({ service, body, asker }) =>
      verifyLogin(service, asker(), body.email.toLowerCase(), body.otp, body.redeemSecret),
  }),
  // The session's user and wallet (or null).
  embeddedRoute({
    method: 'GET',
    url: EMBEDDED_ME_PATH,
    answer: MeAnswer,
    guards: ['session'],
    handle: async ({ service, session }) => describeUser(service, session),
  }),
  // Stores a new user's wallet (the frame made the key and split it; the device share stays in
  // the frame). A user who has one gets 409: rotation is PUT. Shares that do not rebuild the
  // address sent with them get 409 WALLET_SHARES_MISMATCH, nothing stored.
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_WALLET_PATH,
    body: WalletSharesBody,
    status: 201,
    answer: WalletAnswer,
    guards: ['session'],
    handle: async ({ service, session, body }) => {
      await storeFirstWallet(service, session, body)
      return { wallet: { address: body.address } }
    },
  }),
  // Replaces both server-held shares with those of a new split of the same key (after a recovery
  // on a new device). The address must be the stored one (409 otherwise; 404 without a wallet),
  // and the two shares must rebuild its key (409 WALLET_SHARES_MISMATCH, nothing changed).
  embeddedRoute({
    method: 'PUT',
    url: EMBEDDED_WALLET_PATH,
    body: WalletSharesBody,
    answer: WalletAnswer,
    guards: ['session'],
    handle: async ({ service, session, body }) => {
      await rotateShares(service, session, body)
      const { wallet } = await describeUser(service, session)
      if (!wallet) throw new Error('the wallet just rotated is gone')
      return { wallet }
    },
  }),
  // The wallet's auth share, which with the frame's device share gives the key back.
  embeddedRoute({
    method: 'GET',
    url: EMBEDDED_AUTH_SHARE_PATH,
    answer: AuthShareAnswer,
    guards: ['session'],
    handle: async ({ service, session }) => ({ authShare: await authShareOf(service, session) }),
  }),
  // The recovery share, unsealed, for a device without its own share (a new browser). Once,
  // within EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS of the session's login; later, 403
  // RECOVERY_NEEDS_FRESH_LOGIN, so a session token alone never reads two shares.
  embeddedRoute({
    method: 'GET',
    url: EMBEDDED_RECOVERY_SHARE_PATH,
    answer: RecoveryShareAnswer,
    guards: ['session'],
    handle: async ({ service, session }) => ({
      recoveryShare: await recoveryShareAfterLogin(service, session),
    }),
  }),
  // Starts a change of address by mailing a code to the current one; the same answer whether or
  // not the new address is another user's (the last step tells that to the new mailbox's
  // reader). The current address is refused (409); rate limited per user and per IP.
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_EMAIL_UPDATE_PATH,
    body: UpdateEmailBody,
    answer: UpdateEmailAnswer,
    guards: ['session'],
    handle: async ({ service, session, body, asker }) => {
      await beginEmailUpdate(service, asker(), session, body.newEmail.toLowerCase())
      return { action: 'VERIFY_PRIMARY_OTP' as const }
    },
  }),
  // The current address's code; a code then goes to the new address. 409 when no change waits
  // for this step.
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_EMAIL_UPDATE_PRIMARY_PATH,
    body: OtpBody,
    answer: UpdateEmailPrimaryAnswer,
    guards: ['session'],
    handle: async ({ service, session, body, asker }) => {
      await confirmCurrentEmail(service, asker(), session, body.otp)
      return { action: 'VERIFY_SECONDARY_OTP' as const }
    },
  }),
  // The new address's code; the change is made and the new address answered, or refused (409
  // EMAIL_TAKEN) when the address is another user's, which ends the change.
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_EMAIL_UPDATE_SECONDARY_PATH,
    body: OtpBody,
    answer: UpdateEmailSecondaryAnswer,
    guards: ['session'],
    handle: async ({ service, session, body, asker }) => ({
      email: await confirmNewEmail(service, asker(), session, body.otp),
    }),
  }),
  // Mails a fresh code for a key export to the user's address (a session alone does not export
  // the key). 404 without a wallet; cooldown and rate limits as for a login.
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_EXPORT_OTP_PATH,
    answer: ExportOtpAnswer,
    guards: ['no-body', 'session'],
    handle: async ({ service, session, asker }) => {
      await sendExportCode(service, asker(), session)
      return { action: 'VERIFY_OTP' as const }
    },
  }),
  // The export code; answers the recovery share, from which (with a share the frame holds) the
  // frame shows the key.
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_EXPORT_VERIFY_PATH,
    body: OtpBody,
    answer: RecoveryShareAnswer,
    guards: ['session'],
    handle: async ({ service, session, body, asker }) => ({
      recoveryShare: await verifyExport(service, asker(), session, body.otp),
    }),
  }),
  // Revokes the session; its token is refused from now on. 204.
  embeddedRoute({
    method: 'POST',
    url: EMBEDDED_SIGN_OUT_PATH,
    status: 204,
    guards: ['no-body', 'session'],
    handle: async ({ service, session }) => {
      await revokeEmbeddedSession(service.db, session.tokenHash, service.clock())
      return undefined
    },
  }),
]
