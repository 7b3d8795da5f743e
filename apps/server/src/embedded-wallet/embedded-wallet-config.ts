// The embedded wallet's settings: where code mails go out (SMTP_URL), who sends them
// (PORTICO_MAIL_FROM), the share seal key (PORTICO_SHARE_SEAL_KEY, or PORTICO_SHARE_SEAL_KEY_FILE,
// by default ~/.config/portico/share-seal.key, away from the data) and the code mail limits.
import {
  DEFAULT_EMAIL_CODE_LIMITS,
  DEFAULT_MAIL_FROM,
  type EmailCodeLimits,
} from './embedded-wallet-constants'
import { parseShareSealKey } from './share-seal-key'

export interface EmbeddedWalletConfig {
  /** `smtp://host:port` (or smtps://, with credentials in the URL); unset: codes cannot be sent (503). */
  smtpUrl: string | undefined
  /** The From of code mails, e.g. `Portico <no-reply@example.com>`. */
  mailFrom: string
  /** 64 hex digits; unset: the key file's. */
  shareSealKey: string | undefined
  /** Unset: ~/.config/portico/share-seal.key (shareSealKeyFileOf). */
  shareSealKeyFile: string | undefined
  codeLimits: EmailCodeLimits
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

/** Throws RangeError on a bad value (loadConfig turns it into a ConfigError). */
export function readEmbeddedWalletConfig(env: NodeJS.ProcessEnv): EmbeddedWalletConfig {
  const smtpUrl = nonEmpty(env.SMTP_URL)
  if (
    smtpUrl !== undefined &&
    !(URL.canParse(smtpUrl) && /^smtps?:$/.test(new URL(smtpUrl).protocol))
  ) {
    throw new RangeError('SMTP_URL must be an smtp:// or smtps:// URL')
  }
  const shareSealKey = nonEmpty(env.PORTICO_SHARE_SEAL_KEY)
  if (shareSealKey !== undefined) {
    try {
      parseShareSealKey(shareSealKey, 'PORTICO_SHARE_SEAL_KEY')
    } catch (error) {
      throw new RangeError((error as Error).message)
    }
  }
  return {
    smtpUrl,
    mailFrom: nonEmpty(env.PORTICO_MAIL_FROM) ?? DEFAULT_MAIL_FROM,
    shareSealKey,
    shareSealKeyFile: nonEmpty(env.PORTICO_SHARE_SEAL_KEY_FILE),
    codeLimits: DEFAULT_EMAIL_CODE_LIMITS,
  }
}
