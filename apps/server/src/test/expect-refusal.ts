// The answer every malformed request must get: a 4xx (never a 5xx, which would mean the input
// reached code that did not expect it) in the error shape, and nothing stored changed.
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import { expect } from 'vitest'
import type { StoredRows } from './stored-rows'

export interface RefusalExpectations {
  /**
   * 'always': the body is `{ error: { code, message } }`; 'when-json': only a JSON body must
   * be (routes a browser navigates to answer with a page or a redirect).
   */
  errorShape?: 'always' | 'when-json'
  /** The stored rows before the request: reading them again must give the same. */
  unchanged?: { stored: StoredRows; before: string }
}

export async function expectRefusal(
  response: Response,
  what: string,
  { errorShape = 'always', unchanged }: RefusalExpectations = {},
): Promise<void> {
  const text = await response.text()
  const seen = `${what} -> ${response.status} ${text.slice(0, 300)}`
  expect(response.status, seen).toBeGreaterThanOrEqual(400)
  expect(response.status, seen).toBeLessThan(500)
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json')
  if (errorShape === 'always' || json) {
    const { error } = JSON.parse(text) as ErrorAnswer
    expect(error.code, seen).toEqual(expect.any(String))
    expect(error.message, seen).toEqual(expect.any(String))
  }
  if (unchanged) expect(await unchanged.stored.read(), what).toBe(unchanged.before)
}
