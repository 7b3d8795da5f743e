// The admin routes' shapes (/admin/..., what the project CLI sends and reads), each declared once
// in TypeBox: the JSON schema the route validates and serialises with, in the OpenAPI document,
// and by `Static` the TypeScript type of the handler and of the CLI's client. The modal never
// calls these; they are here as every wire shape is, so that the CLI's client and the routes
// read one declaration.
import { type Static, Type } from 'typebox'

const strict = { additionalProperties: false } as const
const Origin = Type.String({ maxLength: 300 })

/** A project as the admin routes answer it and the CLI prints it. */
export const ProjectAnswer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  allowedOrigins: Type.Array(Type.String()),
  /** RFC 3339. */
  createdAt: Type.String(),
})
export type ProjectAnswer = Static<typeof ProjectAnswer>

/** The origin patterns a project is given or loses, and whether the spec's default list goes with them. */
const ListedOrigins = {
  origins: Type.Optional(Type.Array(Origin, { maxItems: 100 })),
  /**
   * The spec's default list (localhost, *.pages.dev, *.vercel.app, *.ngrok-free.app): anyone can
   * serve a page there, so only when the operator asks.
   */
  specDefaultOrigins: Type.Optional(Type.Boolean()),
}

// POST /admin/projects -> 201 ProjectAnswer
export const CreateProjectBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), ...ListedOrigins },
  strict,
)
export type CreateProjectBody = Static<typeof CreateProjectBody>

// GET /admin/projects
export const ProjectListAnswer = Type.Object({ projects: Type.Array(ProjectAnswer) })
export type ProjectListAnswer = Static<typeof ProjectListAnswer>

// POST /admin/projects/:id/origins and /admin/projects/:id/origins/remove -> ProjectAnswer
export const ProjectIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
export type ProjectIdParams = Static<typeof ProjectIdParams>

/** Patterns and/or the spec's default list: one of the two at least (the project store checks). */
export const ProjectOriginsChangeBody = Type.Object(ListedOrigins, strict)
export type ProjectOriginsChangeBody = Static<typeof ProjectOriginsChangeBody>
