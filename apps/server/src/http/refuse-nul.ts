// Text fields with a NUL character are refused before anything is stored: PostgreSQL's text
// cannot hold one, and the database's own error would be a 500 rather than the caller's mistake.
import { InvalidRequestError } from '../errors'

export function refuseNulCharacters(fields: readonly unknown[]): void {
  if (fields.some((field) => typeof field === 'string' && field.includes('\u0000'))) {
    throw new InvalidRequestError('Invalid request: text fields must not contain NUL characters')
  }
}
