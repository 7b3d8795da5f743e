// A local mail catcher: a real SMTP server that keeps every message it receives in memory, and
// an HTTP server that shows them, newest first, as a page for people (`GET /`) and as JSON for
// programs (`GET /messages`, `?to=` filters by recipient). The server sends its e-mail login
// codes here in development and in tests, which read the codes back as a person would read
// their inbox: nothing in the server knows it is being tested.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AddressObject, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CaughtMail {
  id: string
  /** The envelope's recipients (RCPT TO), lower case: who the mail was delivered to. */
  to: string[]
  /** The From header as written (or the envelope sender when there is none). */
  from: string
  subject: string
  text: string
  /** The HTML body, '' when the mail has none. */
  html: string
  /** RFC 3339. */
  receivedAt: string
}

export interface MailCatcherOptions {
  /** 0 or absent: a free port. */
  smtpPort?: number
  /** 0 or absent: a free port. */
  httpPort?: number
  host?: string
  /** Oldest messages are dropped past this many. */
  maxMessages?: number
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, what a sender (nodemailer) is given. */
  smtpUrl: string
  /** The page and JSON list, e.g. `http://127.0.0.1:1080`. */
  url: string
  /** Received messages, newest first. */
  messages(): CaughtMail[]
  /** How many messages arrived since the start (a mark for `waitForMail`'s `since`). */
  count(): number
  /**
   * The newest message to this address among those that arrived after the mark `since` (a
   * `count()` taken before the mail was caused; 0: any); waits for one up to `timeoutMs`.
   */
  waitForMail(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CaughtMail>
  stop(): Promise<void>
}

const DEFAULT_MAX_MESSAGES = 500
/** A login code mail is a few KB; this refuses anything that is not mail of ours. */
const MAX_MESSAGE_BYTES = 1024 * 1024
const DEFAULT_WAIT_MS = 10_000

function addressesOf(value: AddressObject | AddressObject[] | undefined): string {
  if (value === undefined) return ''
  return (Array.isArray(value) ? value : [value]).map((entry) => entry.text).join(', ')
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function page(messages: readonly CaughtMail[]): string {
  const items = messages
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
  <p class="meta">To ${escapeHtml(mail.to.join(', '))} · from ${escapeHtml(mail.from)} ·
    <time datetime="${mail.receivedAt}">${mail.receivedAt}</time></p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mail catcher</title>
<meta http-equiv="refresh" content="5">
<style>body{font:15px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border-top:1px solid #ccc;padding:.5rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head><body><h1>Mail catcher</h1>
<p>${messages.length === 0 ? 'No mail yet.' : `${messages.length} message(s), newest first.`}
This page reloads every 5 seconds.</p>
${items}
</body></html>`
}

function listen(server: Server | SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const netServer = server instanceof SMTPServer ? server.server : server
    netServer.once('error', reject)
    server.listen(port, host, () => {
      netServer.off('error', reject)
      resolve((netServer.address() as AddressInfo).port)
    })
  })
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1'
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES
  /** Oldest first, each with its arrival number; answers reverse it. */
  const received: { seq: number; mail: CaughtMail }[] = []
  let arrived = 0
  const waiters = new Set<() => void>()

  const smtp = new SMTPServer({
    // Local only: no TLS to set up and no accounts; any sender may deliver.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeFrom = session.envelope.mailFrom
          arrived += 1
          const mail: CaughtMail = {
            id: randomUUID(),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: addressesOf(parsed.from) || (envelopeFrom ? envelopeFrom.address : ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          }
          received.push({ seq: arrived, mail })
          if (received.length > maxMessages) received.splice(0, received.length - maxMessages)
          for (const wake of waiters) wake()
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })

  const messages = (to?: string) => {
    const newestFirst = received.map((entry) => entry.mail).reverse()
    return to === undefined ? newestFirst : newestFirst.filter((mail) => mail.to.includes(to))
  }

  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://catcher')
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET' }).end()
      return
    }
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase()
      response.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        // The e2e page helpers may read it from a browser context too.
        'access-control-allow-origin': '*',
      })
      response.end(JSON.stringify({ messages: messages(to) }))
      return
    }
    if (url.pathname === '/') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The page shows mail as text only; nothing in it may run.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      })
      response.end(page(messages()))
      return
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
  })

  const smtpPort = await listen(smtp, options.smtpPort ?? 0, host)
  let httpPort: number
  try {
    httpPort = await listen(http, options.httpPort ?? 0, host)
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(resolve))
    throw error
  }

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    url: `http://${host}:${httpPort}`,
    messages: () => messages(),
    count: () => arrived,
    waitForMail(to, { since = 0, timeoutMs = DEFAULT_WAIT_MS } = {}) {
      const address = to.toLowerCase()
      const find = () =>
        received.findLast((entry) => entry.seq > since && entry.mail.to.includes(address))?.mail
      const found = find()
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`))
        }, timeoutMs)
        const check = () => {
          const mail = find()
          if (!mail) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(mail)
        }
        waiters.add(check)
      })
    },
    async stop() {
      http.closeAllConnections()
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(resolve)),
      ])
    },
  }
}
