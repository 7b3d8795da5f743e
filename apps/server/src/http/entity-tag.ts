// Validators of answers that do not change between deploys (wallet pages, generated images):
// a strong ETag made from the body, and the If-None-Match test that lets a browser revalidate a
// kept copy with a 304 instead of the body (RFC 9110 section 13.1.2: compared weakly).
import { createHash } from 'node:crypto'

/** Quoted, strong: 27 characters of the body's SHA-256. */
export function entityTag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** Whether a request's If-None-Match already names `etag` (or any version, with '*'). */
export function holdsVersion(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
