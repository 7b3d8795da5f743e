// Projects in the database: create, read, list, widen the allowed origins, seed.
import { randomBytes } from 'node:crypto'
import { DEFAULT_ALLOWED_ORIGINS } from '../constants'
import type { Queryable } from '../db/database'
import { InvalidRequestError, ProjectNotFoundError } from '../errors'
import type { ProjectSeed } from './dev-project'
import { normaliseOriginPattern } from './origin-pattern'

export interface Project {
  /** 32 lowercase hex digits. */
  id: string
  name: string
  allowedOrigins: string[]
  createdAt: Date
}

export interface NewProject {
  name: string
  /** Added to the spec's default origins (unless includeDefaultOrigins is false). */
  origins?: readonly string[]
  includeDefaultOrigins?: boolean
}

const PROJECT_ID = /^[0-9a-f]{32}$/
const MAX_NAME_LENGTH = 200

export function isProjectId(value: unknown): value is string {
  return typeof value === 'string' && PROJECT_ID.test(value)
}

export function newProjectId(): string {
  return randomBytes(16).toString('hex')
}

interface ProjectRow {
  id: string
  name: string
  allowed_origins: string[]
  created_at: Date
}

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowed_origins,
    createdAt: row.created_at,
  }
}

function checkName(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length < 1 || trimmed.length > MAX_NAME_LENGTH) {
    throw new InvalidRequestError(`A project name has 1 to ${MAX_NAME_LENGTH} characters`)
  }
  return trimmed
}

/** Validated, canonical and without repeats. Throws InvalidOriginPatternError. */
function normaliseOrigins(origins: readonly string[]): string[] {
  return [...new Set(origins.map(normaliseOriginPattern))]
}

const COLUMNS = 'id, name, allowed_origins, created_at'

export class ProjectStore {
  constructor(readonly db: Queryable) {}

  async create(project: NewProject): Promise<Project> {
    const name = checkName(project.name)
    const defaults = project.includeDefaultOrigins === false ? [] : DEFAULT_ALLOWED_ORIGINS
    const origins = normaliseOrigins([...defaults, ...(project.origins ?? [])])
    const { rows } = await this.db.query<ProjectRow>(
      `INSERT INTO projects (id, name, allowed_origins) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [newProjectId(), name, origins],
    )
    return toProject(rows[0] as ProjectRow)
  }

  async find(id: string): Promise<Project | undefined> {
    if (!isProjectId(id)) return undefined
    const { rows } = await this.db.query<ProjectRow>(
      `SELECT ${COLUMNS} FROM projects WHERE id = $1`,
      [id],
    )
    return rows[0] && toProject(rows[0])
  }

  async list(): Promise<Project[]> {
    const { rows } = await this.db.query<ProjectRow>(
      `SELECT ${COLUMNS} FROM projects ORDER BY created_at, id`,
    )
    return rows.map(toProject)
  }

  /** Adds origin patterns (those already present are kept once). */
  async addOrigins(id: string, origins: readonly string[]): Promise<Project> {
    const added = normaliseOrigins(origins)
    const { rows } = isProjectId(id)
      ? await this.db.query<ProjectRow>(
          `UPDATE projects
              SET allowed_origins = (
                SELECT array_agg(origin ORDER BY first_position)
                  FROM (SELECT origin, min(position) AS first_position
                          FROM unnest(allowed_origins || $2::text[])
                               WITH ORDINALITY AS listed(origin, position)
                         GROUP BY origin) AS merged)
            WHERE id = $1
        RETURNING ${COLUMNS}`,
          [id, added],
        )
      : { rows: [] }
    if (!rows[0]) throw new ProjectNotFoundError(id)
    return toProject(rows[0])
  }

  /** Creates the seeded project if it does not exist; an existing one is left as it is. */
  async ensure(seed: ProjectSeed): Promise<void> {
    if (!isProjectId(seed.id))
      throw new InvalidRequestError('A project id is 32 lowercase hex digits')
    await this.db.query(
      `INSERT INTO projects (id, name, allowed_origins) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING`,
      [seed.id, checkName(seed.name), normaliseOrigins(seed.allowedOrigins)],
    )
  }
}
