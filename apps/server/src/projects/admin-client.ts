// The project CLI's client for the admin routes (admin/) of a running server.
import type { ProjectAnswer } from './project-answer'
import type { NewProject } from './project-store'

export class AdminRequestError extends Error {
  override readonly name = 'AdminRequestError'
}

export class AdminClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  async #request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    const answer = (await response.json().catch(() => undefined)) as
      | (T & { error?: { message?: string } })
      | undefined
    if (!response.ok) {
      throw new AdminRequestError(answer?.error?.message ?? `HTTP status code: ${response.status}`)
    }
    return answer as T
  }

  create(project: NewProject): Promise<ProjectAnswer> {
    return this.#request('POST', '/admin/projects', project)
  }

  async list(): Promise<ProjectAnswer[]> {
    return (await this.#request<{ projects: ProjectAnswer[] }>('GET', '/admin/projects')).projects
  }

  addOrigins(id: string, origins: readonly string[]): Promise<ProjectAnswer> {
    return this.#request('POST', `/admin/projects/${encodeURIComponent(id)}/origins`, { origins })
  }
}
