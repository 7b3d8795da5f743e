// A project's analytics setting (projects.analytics_enabled, on unless turned off), read from
// the database and kept for a few seconds like the rest of what request checks know of a project.
import type { Clock } from '../cache/cache'
import { LruMap } from '../cache/lru-map'
import { PROJECT_CACHE_TTL_MS } from '../constants'
import type { Queryable } from '../db/database'

const MAX_CACHED_PROJECTS = 1024

export class ProjectAnalytics {
  readonly #cache: LruMap<boolean>

  constructor(
    readonly db: Queryable,
    readonly ttlMs = PROJECT_CACHE_TTL_MS,
    clock?: Clock,
  ) {
    this.#cache = new LruMap(MAX_CACHED_PROJECTS, clock)
  }

  /** Whether the project has analytics on; a project that does not exist has it off. */
  async isEnabled(projectId: string): Promise<boolean> {
    const cached = this.#cache.get(projectId)
    if (cached !== undefined) return cached
    const { rows } = await this.db.query<{ analytics_enabled: boolean }>(
      'SELECT analytics_enabled FROM projects WHERE id = $1',
      [projectId],
    )
    const enabled = rows[0]?.analytics_enabled ?? false
    this.#cache.set(projectId, enabled, this.ttlMs)
    return enabled
  }
}
