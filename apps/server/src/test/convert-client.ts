// Calls to the convert routes as the swap view makes them, for the server's tests: the dev
// project in the query, JSON bodies, the answer's status and body together.
import { DEV_PROJECT_ID } from '../projects/dev-project'

export interface Answer<T> {
  status: number
  body: T
}

export function convertClient(baseUrl: string) {
  const url = (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams({ projectId: DEV_PROJECT_ID, st: 'portico', sv: '0.1.0' })
    for (const [name, value] of Object.entries(query)) search.set(name, value)
    return `${baseUrl}${path}?${search}`
  }
  return {
    async get<T>(path: string, query: Record<string, string> = {}): Promise<Answer<T>> {
      const response = await fetch(url(path, query))
      return { status: response.status, body: (await response.json()) as T }
    },
    async post<T>(path: string, body: unknown): Promise<Answer<T>> {
      const response = await fetch(url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as T }
    },
  }
}
