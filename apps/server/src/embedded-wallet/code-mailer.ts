// Sends the code mails over SMTP (nodemailer, to SMTP_URL). Plain text only: a code mail needs
// no markup, and text cannot hide a link somewhere else than it says.
import { createTransport, type Transporter } from 'nodemailer'
import type { CodePurpose } from './email-codes'
import { EMAIL_OTP_TTL_SECONDS } from './embedded-wallet-constants'
import { MailUnavailableError } from './embedded-wallet-errors'

export interface CodeMail {
  to: string
  code: string
  purpose: CodePurpose
  /** The project's name, so the person knows which site asked. */
  projectName: string
  /** The address being changed to (e-mail change codes). */
  newEmail?: string
}

export interface CodeMailer {
  send(mail: CodeMail): Promise<void>
  close(): void
}

/** Time-outs short enough that a dead SMTP server fails the request, not hangs it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 }

function wording(mail: CodeMail): { subject: string; why: string } {
  const site = mail.projectName
  switch (mail.purpose) {
    case 'login':
      return { subject: `${mail.code} is your login code`, why: `to log in to ${site}` }
    case 'update-primary':
      return {
        subject: `${mail.code} is your code to change your e-mail address`,
        why: `to change the e-mail address of your ${site} wallet to ${mail.newEmail ?? ''}`,
      }
    case 'update-secondary':
      return {
        subject: `${mail.code} is your code to confirm this e-mail address`,
        why: `to make this the e-mail address of your ${site} wallet`,
      }
    case 'export':
      return {
        subject: `${mail.code} is your code to export your wallet's key`,
        why: `to show the private key of your ${site} wallet. Whoever has that key controls the wallet`,
      }
  }
}

export function codeMailText(mail: CodeMail): { subject: string; text: string } {
  const { subject, why } = wording(mail)
  const minutes = EMAIL_OTP_TTL_SECONDS / 60
  const text = [
    `Your code ${why}:`,
    '',
    mail.code,
    '',
    `It works once, within ${minutes} minutes.`,
    'If you did not ask for it, ignore this e-mail: nothing happens without the code.',
    '',
  ].join('\n')
  return { subject, text }
}

/** A mailer to `smtpUrl`; without one every send fails with MailUnavailableError (503). */
export function createCodeMailer(smtpUrl: string | undefined, from: string): CodeMailer {
  if (smtpUrl === undefined) {
    return {
      send: async () => {
        throw new MailUnavailableError()
      },
      close: () => undefined,
    }
  }
  let transport: Transporter | undefined
  return {
    async send(mail) {
      transport ??= createTransport({
        url: smtpUrl,
        ...SMTP_TIMEOUTS,
        disableFileAccess: true,
        disableUrlAccess: true,
      })
      const { subject, text } = codeMailText(mail)
      await transport.sendMail({ from, to: mail.to, subject, text })
    },
    close() {
      transport?.close()
    },
  }
}
