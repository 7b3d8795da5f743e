// A project as JSON: what the admin routes answer and the project CLI prints.
import type { Project } from './project-store'

export interface ProjectAnswer {
  id: string
  name: string
  allowedOrigins: string[]
  createdAt: string
}

export const projectAnswerSchema = {
  type: 'object',
  required: ['id', 'name', 'allowedOrigins', 'createdAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    allowedOrigins: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string' },
  },
} as const

export function toProjectAnswer(project: Project): ProjectAnswer {
  return { ...project, createdAt: project.createdAt.toISOString() }
}
