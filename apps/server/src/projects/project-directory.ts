// Projects as request checks see them: read once from the store, with their origin patterns
// compiled, and kept for a few seconds so a busy route does not read the database per request.
// Unknown ids are not remembered, so a project created a moment ago is accepted at once.
import type { Clock } from '../cache/cache'
import { LruMap } from '../cache/lru-map'
import { PROJECT_CACHE_TTL_MS } from '../constants'
import { createOriginMatcher } from './origin-pattern'
import { isProjectId, type Project, type ProjectStore } from './project-store'

export interface ProjectAccess {
  project: Project
  allowsOrigin(origin: string): boolean
}

const MAX_CACHED_PROJECTS = 1024

export class ProjectDirectory {
  readonly #cache: LruMap<ProjectAccess>

  constructor(
    readonly store: ProjectStore,
    readonly ttlMs = PROJECT_CACHE_TTL_MS,
    clock?: Clock,
  ) {
    this.#cache = new LruMap(MAX_CACHED_PROJECTS, clock)
  }

  async lookup(id: string): Promise<ProjectAccess | undefined> {
    if (!isProjectId(id)) return undefined
    const cached = this.#cache.get(id)
    if (cached) return cached
    const project = await this.store.find(id)
    if (!project) return undefined
    const access = { project, allowsOrigin: createOriginMatcher(project.allowedOrigins) }
    this.#cache.set(id, access, this.ttlMs)
    return access
  }

  /** Drops what is known of a project after it changed. */
  forget(id: string): void {
    this.#cache.delete(id)
  }
}
