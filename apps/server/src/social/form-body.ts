// The HTML forms browsers post to the social login's pages (the begin form, Apple's callback):
// application/x-www-form-urlencoded, read into a plain object of strings for the route schemas.
import { SOCIAL_FORM_BODY_LIMIT } from '@portico/protocol/social-login'
import type { FastifyInstance } from 'fastify'

export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: SOCIAL_FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
}
