// The project CLI's client for the admin routes (admin/) of a running server.

import type { ProjectAnswer, ProjectListAnswer } from '@portico/protocol/admin'
import {
  ADMIN_PREFIX,
  ADMIN_PROJECT_ORIGINS_PATH,
  ADMIN_PROJECT_ORIGINS_REMOVE_PATH,
  ADMIN_PROJECTS_PATH,
  routePath,
} from '@portico/protocol/route-paths'
import type { ListedOrigins, NewProject } from './project-store'

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
    return this.#request('POST', `${ADMIN_PREFIX}${ADMIN_PROJECTS_PATH}`, project)
  }

  async list(): Promise<ProjectAnswer[]> {
    return (await this.#request<ProjectListAnswer>('GET', `${ADMIN_PREFIX}${ADMIN_PROJECTS_PATH}`))
      .projects
  }

  addOrigins(id: string, listed: ListedOrigins): Promise<ProjectAnswer> {
    return this.#request(
      'POST',
      `${ADMIN_PREFIX}${routePath(ADMIN_PROJECT_ORIGINS_PATH, { id })}`,
      listed,
    )
  }

  removeOrigins(id: string, listed: ListedOrigins): Promise<ProjectAnswer> {
    const path = `${ADMIN_PREFIX}${routePath(ADMIN_PROJECT_ORIGINS_REMOVE_PATH, { id })}`
    return this.#request('POST', path, listed)
  }
}
