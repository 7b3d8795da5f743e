// The names API client (docs/product.md#calls): suggestions in our zone and a registration,
// from our server through http.ts. A refusal's own words (the server's message) become the
// error, which the modal shows as the first reason; otherwise the spec's fallbacks.
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import type { NameSuggestion, ProfileAccount, RegisterName } from '@portico/protocol/profile'
import { NAME_ZONE } from '@portico/protocol/profile-name'
import {
  PROFILE_ACCOUNT_PATH,
  PROFILE_SUGGESTIONS_PATH,
  routePath,
} from '@portico/protocol/route-paths'
import { PorticoError } from '../errors/portico-error'
import type { HttpClient, HttpExchange } from './http'

export type { NameSuggestion, ProfileAccount }

export interface NamesApi {
  /** The typed name (marked when taken) and free variants, all in our zone. */
  suggestions(label: string, options?: { signal?: AbortSignal }): Promise<NameSuggestion[]>
  /** `name` (whole) words the fallback refusal: 'Error registering name {name}'. */
  register(body: RegisterName, name: string): Promise<ProfileAccount>
}

function reasonOf(body: unknown): string | undefined {
  const message = (body as Partial<ErrorAnswer> | undefined)?.error?.message
  return typeof message === 'string' && message ? message : undefined
}

export function createNamesApi(http: HttpClient & HttpExchange): NamesApi {
  return {
    async suggestions(label, options = {}) {
      const answer = await http.exchange(routePath(PROFILE_SUGGESTIONS_PATH, { name: label }), {
        method: 'GET',
        query: { zone: NAME_ZONE },
        ...(options.signal ? { signal: options.signal } : {}),
      })
      if (!answer.ok) {
        throw new PorticoError(reasonOf(answer.body) ?? 'Error fetching name suggestions')
      }
      const suggestions = (answer.body as { suggestions?: unknown } | undefined)?.suggestions
      return Array.isArray(suggestions) ? (suggestions as NameSuggestion[]) : []
    },

    async register(body, name) {
      const answer = await http.exchange(PROFILE_ACCOUNT_PATH, { method: 'POST', body })
      if (!answer.ok) {
        throw new PorticoError(reasonOf(answer.body) ?? `Error registering name ${name}`)
      }
      return answer.body as ProfileAccount
    },
  }
}
