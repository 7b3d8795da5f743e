// The OpenAPI document the server serves: every route Fastify has is in it (taken from Fastify's
// own route table, so a route group added later is checked without touching this test), each
// operation with its parameters, bodies and answers, and the document holds to OpenAPI 3.1.
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test/test-server'

interface Parameter {
  name: string
  in: string
  required?: boolean
  schema?: object
}
interface Operation {
  security?: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: object }> }
  responses: Record<string, { description?: string; content?: Record<string, { schema?: object }> }>
}
interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/**
 * Fastify's route table as `METHOD /path/{param}` lines, read from `printRoutes()`: each line
 * is a path segment under its parent (indented 4 characters a level) with its methods.
 */
function fastifyRoutes(tree: string): string[] {
  const routes: string[] = []
  const prefixes: string[] = []
  for (const line of tree.split('\n')) {
    const at = /^(.*?)(?:[└├]── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!at) continue
    const depth = (at[1] ?? '').length / 4
    const path = (prefixes[depth - 1] ?? '') + (at[2] ?? '')
    prefixes[depth] = path
    prefixes.length = depth + 1
    for (const method of at[3]?.split(', ') ?? []) {
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`)
    }
  }
  return routes
}

function documentRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  )
}

let server: TestServer
let document: OpenApiDocument
beforeAll(async () => {
  server = await startTestServer()
  const response = await fetch(`${server.url}/openapi.json`)
  expect(response.status).toBe(200)
  document = (await response.json()) as OpenApiDocument
})
afterAll(async () => {
  await server?.stop()
})

const ADMIN_ROUTES = [
  'POST /admin/projects',
  'GET /admin/projects',
  'POST /admin/projects/{id}/origins',
  'POST /admin/projects/{id}/origins/remove',
]

/** The document's operations that ask for the admin bearer token. */
function adminSecured(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((scheme) => 'adminToken' in scheme))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  )
}

describe('GET /openapi.json', () => {
  it('lists the known routes, with no project needed', () => {
    expect(documentRoutes(document)).toEqual(
      expect.arrayContaining([
        'GET /health',
        'GET /health/ready',
        'POST /admin/projects',
        'GET /admin/projects',
        'POST /admin/projects/{id}/origins',
        'POST /v1',
        'GET /v1/supported-chains',
        'GET /v1/account/{address}/balance',
        'POST /v1/fungible/price',
        'GET /v1/account/{account}/history',
        'GET /v1/account/{account}/nfts',
        'GET /v1/identity/{address}',
        'GET /getWallets',
        'GET /getWalletImage/{imageId}',
        'GET /projects/v1/origins',
        'GET /getAnalyticsConfig',
        'POST /e',
        'POST /auth/v1/nonce',
        'POST /auth/v1/authenticate',
        'GET /auth/v1/me',
        'GET /auth/v1/sessions',
        'DELETE /auth/v1/sessions/{id}',
      ]),
    )
  })

  it("holds every route of Fastify's own table, HEAD twins, CORS preflight and itself aside", () => {
    const table = fastifyRoutes(server.app.printRoutes({ commonPrefix: false }))
    expect(table.length).toBeGreaterThan(20)
    const expected = table.filter(
      (route) =>
        !route.startsWith('HEAD ') &&
        !route.startsWith('OPTIONS ') &&
        route !== 'GET /openapi.json',
    )
    // The admin group is served (the test server has an admin token), so it is compared too.
    expect(expected).toEqual(expect.arrayContaining(ADMIN_ROUTES))
    // The table merges parameters met at one place under several names (`:address|:account`):
    // compared with the names left out.
    const shape = (routes: string[]) =>
      [...new Set(routes.map((route) => route.replace(/\{[^/]*\}/g, '{}')))].sort()
    expect(shape(documentRoutes(document))).toEqual(shape(expected))
  })

  it('is an OpenAPI 3.1 document whose operations carry their parameters, bodies and answers', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info).toMatchObject({ title: 'Portico server', version: expect.any(String) })
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    const checkSchema = (schema: object | undefined, where: string) => {
      expect(schema, where).toBeTypeOf('object')
      expect(() => ajv.compile(schema as object), where).not.toThrow()
    }
    for (const [path, operations] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\//)
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`
        expect(METHODS, where).toContain(method)
        const parameters = operation.parameters ?? []
        for (const parameter of parameters) {
          expect(['query', 'header', 'path', 'cookie'], where).toContain(parameter.in)
          checkSchema(parameter.schema, `${where} ${parameter.name}`)
        }
        const inPath = parameters.filter((parameter) => parameter.in === 'path')
        expect(inPath.map((parameter) => parameter.name).sort(), where).toEqual(
          [...templated].sort(),
        )
        for (const parameter of inPath) expect(parameter.required, where).toBe(true)
        for (const media of Object.values(operation.requestBody?.content ?? {})) {
          checkSchema(media.schema, `${where} body`)
        }
        const answers = Object.entries(operation.responses)
        expect(answers.length, where).toBeGreaterThan(0)
        for (const [status, answer] of answers) {
          expect(status, where).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/)
          expect(answer.description, where).toBeTypeOf('string')
          for (const media of Object.values(answer.content ?? {})) {
            checkSchema(media.schema, `${where} ${status}`)
          }
        }
      }
    }
  })

  it('asks for the admin bearer token on exactly the routes that refuse a request without it', async () => {
    expect(document.components?.securitySchemes?.adminToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    const secured = adminSecured(document)
    expect(secured.sort()).toEqual([...ADMIN_ROUTES].sort())
    // Every route the server refuses for want of the admin token (each the document lists, sent
    // with no token, or with another bearer token) is one the document says needs it.
    const refused: string[] = []
    for (const route of documentRoutes(document)) {
      const [method = '', path = ''] = route.split(' ')
      const url = `${server.url}${path.replace(/\{\w+\}/g, 'x')}`
      for (const authorization of [undefined, 'Bearer not-the-admin-token']) {
        const response = await fetch(url, {
          method,
          headers: authorization ? { authorization } : {},
          redirect: 'manual',
        })
        const body = await response.text()
        if (response.status === 401 && body.includes('"ADMIN_UNAUTHORIZED"')) refused.push(route)
      }
    }
    expect([...new Set(refused)].sort()).toEqual(secured.sort())
  })

  it('describes the admin routes by the schemas they validate with', () => {
    const create = document.paths['/admin/projects']?.post
    const body = create?.requestBody?.content['application/json']?.schema as {
      required: string[]
      additionalProperties: boolean
    }
    expect(body).toMatchObject({ required: ['name'], additionalProperties: false })
    expect(Object.keys(create?.responses ?? {})).toEqual(['201', '4XX', '5XX'])
    const origins = document.paths['/admin/projects/{id}/origins']?.post
    expect(origins?.parameters?.map(({ name, in: where }) => `${where} ${name}`)).toEqual([
      'path id',
    ])
  })

  it('describes a route by the schema it validates with', () => {
    const price = document.paths['/v1/fungible/price']?.post
    const body = price?.requestBody?.content['application/json']?.schema as {
      required: string[]
      additionalProperties: boolean
    }
    expect(body.required).toEqual(expect.arrayContaining(['currency', 'addresses']))
    expect(body.additionalProperties).toBe(false)
    const ready = document.paths['/health/ready']?.get
    expect(Object.keys(ready?.responses ?? {})).toEqual(['200', '503'])
  })
})
