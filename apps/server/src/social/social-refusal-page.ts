// The plain page the begin and callback routes answer when they cannot go on: they are pages
// the browser shows (in the login popup or the tab), so the refusal is HTML, not JSON, and it
// links nowhere, since there is no page we could trust to send the person to.
import type { FastifyReply } from 'fastify'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function refusalPage(reply: FastifyReply, title: string, message: string) {
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></html>`,
    )
}
