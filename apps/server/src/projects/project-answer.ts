// A project as JSON: what the admin routes answer and the project CLI prints (its shape:
// admin/admin-api.ts).
import type { ProjectAnswer } from '@portico/protocol/admin'
import type { Project } from './project-store'

export function toProjectAnswer(project: Project): ProjectAnswer {
  return { ...project, createdAt: project.createdAt.toISOString() }
}
