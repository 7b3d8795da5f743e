// The mail catcher as a sender and a reader see it: nodemailer delivers over real SMTP, the
// JSON list and the page show the mail, newest first.
import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CaughtMail, type MailCatcher, startMailCatcher } from './mail-catcher'

let catcher: MailCatcher

beforeAll(async () => {
  catcher = await startMailCatcher({ maxMessages: 3 })
})
afterAll(async () => {
  await catcher?.stop()
})

async function send(to: string, subject: string, text: string, html?: string): Promise<void> {
  const transport = createTransport(catcher.smtpUrl)
  try {
    await transport.sendMail({ from: 'Portico <login@portico.test>', to, subject, text, html })
  } finally {
    transport.close()
  }
}

async function listed(query = ''): Promise<CaughtMail[]> {
  const response = await fetch(`${catcher.url}/messages${query}`)
  expect(response.headers.get('content-type')).toBe('application/json')
  return ((await response.json()) as { messages: CaughtMail[] }).messages
}

describe('mail catcher', () => {
  it('lists a mail sent over SMTP with its recipients, sender, subject and bodies', async () => {
    const mark = catcher.count()
    await send(
      'Alice@Example.com',
      'Your code',
      'Your code is 123456',
      '<p>Your code is <b>123456</b></p>',
    )
    const mail = await catcher.waitForMail('alice@example.com', { since: mark })
    expect(mail).toMatchObject({
      to: ['alice@example.com'],
      from: '"Portico" <login@portico.test>',
      subject: 'Your code',
      text: 'Your code is 123456',
      html: '<p>Your code is <b>123456</b></p>',
    })
    expect(Date.parse(mail.receivedAt)).not.toBeNaN()
    expect((await listed())[0]).toEqual(mail)
  })

  it('answers newest first, filters by recipient and keeps only the newest maxMessages', async () => {
    for (const n of [1, 2, 3, 4]) await send(`n${n}@example.com`, `mail ${n}`, `body ${n}`)
    expect((await listed()).map((mail) => mail.subject)).toEqual(['mail 4', 'mail 3', 'mail 2'])
    expect((await listed('?to=N3@example.com')).map((mail) => mail.subject)).toEqual(['mail 3'])
    expect(await listed('?to=nobody@example.com')).toEqual([])
  })

  it('waits for a mail that has not arrived yet, and gives up after the time given', async () => {
    const mark = catcher.count()
    const waiting = catcher.waitForMail('late@example.com', { since: mark })
    await send('late@example.com', 'late', 'late body')
    expect((await waiting).subject).toBe('late')
    await expect(
      catcher.waitForMail('late@example.com', { since: catcher.count(), timeoutMs: 50 }),
    ).rejects.toThrow('no mail to late@example.com within 50 ms')
  })

  it('shows the mail on a page as text, so markup in a mail never runs', async () => {
    await send('page@example.com', '<script>alert(1)</script>', 'code <b>654321</b>')
    const response = await fetch(catcher.url)
    const html = await response.text()
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;')
    expect(html).not.toContain('<script>')
    expect(html).toContain('code &#60;b&#62;654321&#60;/b&#62;')
    expect(html.indexOf('page@example.com')).toBeLessThan(html.indexOf('n4@example.com'))
  })

  it('refuses other methods and paths', async () => {
    expect((await fetch(`${catcher.url}/messages`, { method: 'DELETE' })).status).toBe(405)
    expect((await fetch(`${catcher.url}/nothing`)).status).toBe(404)
  })
})
