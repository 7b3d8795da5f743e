// Where the project CLI makes its changes: in the database directly (PostgreSQL, or a PGlite
// data folder no server holds), or through the admin routes of the server that holds the
// PGlite data folder open (a second opener would lose writes; see db/data-folder-lock).

import type { ProjectAnswer } from '@portico/protocol/admin'
import type { ServerConfig } from '../config'
import { readDataFolderOwner } from '../db/data-folder-lock'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open-database'
import { AdminClient } from './admin-client'
import { toProjectAnswer } from './project-answer'
import { type ListedOrigins, type NewProject, ProjectStore } from './project-store'

export interface ProjectAdmin {
  /** How it reaches the projects, for the CLI to say. */
  readonly via: string
  create(project: NewProject): Promise<ProjectAnswer>
  list(): Promise<ProjectAnswer[]>
  addOrigins(id: string, listed: ListedOrigins): Promise<ProjectAnswer>
  removeOrigins(id: string, listed: ListedOrigins): Promise<ProjectAnswer>
  close(): Promise<void>
}

export class ServerStartingError extends Error {
  override readonly name = 'ServerStartingError'
  constructor(pid: number) {
    super(
      `The server (process ${pid}) is starting and holds the data folder; try again in a moment.`,
    )
  }
}

export async function openProjectAdmin(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<ProjectAdmin> {
  if (!config.databaseUrl) {
    const owner = readDataFolderOwner(config.dataDir)
    if (owner) {
      if (!owner.url || !owner.adminToken) throw new ServerStartingError(owner.pid)
      const client = new AdminClient(owner.url, owner.adminToken)
      return {
        via: `the running server at ${owner.url}`,
        create: (project) => client.create(project),
        list: () => client.list(),
        addOrigins: (id, listed) => client.addOrigins(id, listed),
        removeOrigins: (id, listed) => client.removeOrigins(id, listed),
        async close() {},
      }
    }
  }
  const db = await openDatabase(config)
  try {
    await migrate(db)
  } catch (error) {
    await db.close()
    throw error
  }
  const store = new ProjectStore(db)
  return {
    via: config.databaseUrl ? 'PostgreSQL' : `the PGlite data folder ${config.dataDir}`,
    create: async (project) => toProjectAnswer(await store.create(project)),
    list: async () => (await store.list()).map(toProjectAnswer),
    addOrigins: async (id, listed) => toProjectAnswer(await store.addOrigins(id, listed)),
    removeOrigins: async (id, listed) => toProjectAnswer(await store.removeOrigins(id, listed)),
    close: () => db.close(),
  }
}
