// Projects in the database: create, read, list, widen the allowed origins, seed.
import { randomBytes } from 'node:crypto'
import { SPEC_DEFAULT_ALLOWED_ORIGINS } from '../constants'
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

/** Origins an operator lists for a project: patterns, and the spec's default list if asked. */
export interface ListedOrigins {
  origins?: readonly string[]
  /**
   * Adds SPEC_DEFAULT_ALLOWED_ORIGINS (localhost, *.pages.dev, *.vercel.app, *.ngrok-free.app):
   * anyone can serve a page there, so only when the operator asks.
   */
  specDefaultOrigins?: boolean
}

export interface NewProject extends ListedOrigins {
  name: string
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

function originsOf(listed: ListedOrigins): string[] {
  const spec = listed.specDefaultOrigins ? SPEC_DEFAULT_ALLOWED_ORIGINS : []
  return normaliseOrigins([...(listed.origins ?? []), ...spec])
}

/** For adding and removing: at least one origin, else the request means nothing. */
function someOriginsOf(listed: ListedOrigins): string[] {
  const origins = originsOf(listed)
  if (origins.length === 0) {
    throw new InvalidRequestError('Name an origin, or ask for the spec default origins')
  }
  return origins
}

const COLUMNS = 'id, name, allowed_origins, created_at'

export class ProjectStore {
  constructor(readonly db: Queryable) {}

  async create(project: NewProject): Promise<Project> {
    const name = checkName(project.name)
    // Only what the operator lists: a project made without origins takes no page's calls.
    const origins = originsOf(project)
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
  async addOrigins(id: string, listed: ListedOrigins): Promise<Project> {
    const added = someOriginsOf(listed)
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

  /** Removes origin patterns, as stored (canonical); the others keep their order. */
  async removeOrigins(id: string, listed: ListedOrigins): Promise<Project> {
    const removed = someOriginsOf(listed)
    const { rows } = isProjectId(id)
      ? await this.db.query<ProjectRow>(
          `UPDATE projects
              SET allowed_origins = ARRAY(
                SELECT origin
                  FROM unnest(allowed_origins) WITH ORDINALITY AS listed(origin, position)
                 WHERE origin <> ALL($2::text[])
                 ORDER BY position)
            WHERE id = $1
        RETURNING ${COLUMNS}`,
          [id, removed],
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
