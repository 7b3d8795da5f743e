// The contract stays closed (docs/conventions.md#shapes-that-cross-the-wire): the paths of our
// routes and the TypeBox shapes they carry are declared here, in protocol, and the server and the
// browser packages import them. This reads their production sources and names any file that
// writes a route path as text or builds a wire shape of its own.
// Test files and test helpers are left out: they may spell a path to attack a route.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as embeddedWalletApi from './embedded-wallet-api'
import * as farcasterAuth from './farcaster-auth'
import * as routePaths from './route-paths'
import * as socialLogin from './social-login'

const REPOSITORY = join(import.meta.dirname, '..', '..', '..')
const CODE_FOLDERS = [
  'packages/core/src',
  'packages/react/src',
  'packages/frame/src',
  'apps/server/src',
]

const isTestHelper = (path: string) =>
  /\.test\.tsx?$/.test(path) ||
  path.split(sep).includes('test') ||
  /(^|[\\/-])(testing|test|fake)[-.]/.test(path.slice(path.lastIndexOf(sep) + 1))

function productionSources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTestHelper(name))
    .map((name) => join(folder, name))
}

/** The code of a file without its whole-line comments (which may name a route to explain it). */
function codeLines(text: string): Array<[line: number, code: string]> {
  return text
    .split('\n')
    .map((code, index): [number, string] => [index + 1, code])
    .filter(([, code]) => !/^\s*(\/\/|\/\*|\*)/.test(code))
}

/** Every path the protocol declares for a route (or a group of routes), by its name. */
const declaredRoutes = Object.entries<unknown>({
  ...routePaths,
  ...embeddedWalletApi,
  ...farcasterAuth,
  ...socialLogin,
}).filter(
  (entry): entry is [string, string] =>
    /_(PATH|PREFIX)$/.test(entry[0]) && typeof entry[1] === 'string' && entry[1].startsWith('/'),
)
const declaredPaths = declaredRoutes.map(([, path]) => path)

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A string or template literal that starts with one of the routes' first segments (`'/v1/...'`,
 * `` `/auth/v1/sessions/${id}` ``, `` `${base}/v1?` ``, `'/projects'`): a path typed as text.
 */
const FIRST_SEGMENTS = [...new Set(declaredPaths.map((path) => `/${path.split('/')[1]}`))]
const PATH_LITERAL = new RegExp(
  `[\`'"}](?:${FIRST_SEGMENTS.map(escaped).join('|')})(?=[/?'"\`]|\\$\\{)`,
)

/**
 * The rest of a route written after one of its constants: `` `${SOCIAL_LOGIN_PREFIX}/start` ``,
 * `FARCASTER_CHANNEL_PATH + '/status'`, or `'/redeem'` handed to a helper that puts a prefix
 * before it. Each such suffix is the tail of a declared path under a declared shorter one (`/start` of
 * `/v1/embedded-wallet/social/start` under `/v1/embedded-wallet/social`); a bare wildcard (`/*`)
 * is no route's name and stays allowed, as in a scope's own preflight. The constants looked for
 * are protocol's route constants (the contract's), by name.
 */
const ROUTE_SUFFIXES = [
  ...new Set(
    declaredPaths.flatMap((path) =>
      declaredPaths
        .filter((base) => path.startsWith(`${base}/`))
        .map((base) => path.slice(base.length))
        .filter((suffix) => /[A-Za-z]/.test(suffix)),
    ),
  ),
]
const ROUTE_NAMES = declaredRoutes.map(([name]) => name).join('|')
const ROUTE_SUFFIX = new RegExp(
  [
    String.raw`\$\{(?:${ROUTE_NAMES})\}/[A-Za-z:]`,
    String.raw`\b(?:${ROUTE_NAMES})\s*\+\s*[\`'"]/`,
    `[\`'"](?:${ROUTE_SUFFIXES.map(escaped).join('|')})(?=[?'"\`]|\\$\\{)`,
  ].join('|'),
)

/** A TypeBox shape built outside protocol (a body, a query, path parameters or an answer). */
const WIRE_SHAPE =
  /\bType\.(Object|Array|Union|Intersect|Tuple|Record|Composite|Partial|Pick|Omit)\(|from 'typebox'/

function offences(pattern: RegExp): string[] {
  return CODE_FOLDERS.flatMap((folder) =>
    productionSources(join(REPOSITORY, folder)).flatMap((file) =>
      codeLines(readFileSync(file, 'utf8'))
        .filter(([, code]) => pattern.test(code))
        .map(([line, code]) => `${relative(REPOSITORY, file)}:${line}: ${code.trim()}`),
    ),
  )
}

describe('the contract', () => {
  it('knows the routes it guards', () => {
    expect(FIRST_SEGMENTS).toEqual(
      expect.arrayContaining(['/v1', '/auth', '/getWallets', '/e', '/onramp']),
    )
    // The detector itself: each of these is a path typed as text (source lines, hence `$`+`{`).
    const placeholder = (name: string) => `$${'{'}${name}}`
    for (const literal of [
      "http.get('/v1/onramp/options')",
      `send(\`/auth/v1/sessions/${placeholder('id')}\`)`,
      `return \`${placeholder('base')}/v1?${placeholder('query')}\``,
      "app.post('/e', {",
      // The onramp's checkout pages are routes too, even inside the HTML the server writes.
      `<form method="post" action="/onramp/checkout/${placeholder('row.id')}/pay">`,
    ]) {
      expect(PATH_LITERAL.test(literal), literal).toBe(true)
    }
    // A constant followed by the rest of its route is not.
    expect(PATH_LITERAL.test(`\`${placeholder('EMBEDDED_WALLET_API_PREFIX')}/email/otp\``)).toBe(
      false,
    )
    // But the rest of a route after its prefix, however it is joined, is a path typed as text.
    for (const literal of [
      `  \`${placeholder('SOCIAL_LOGIN_PREFIX')}/start\`,`,
      `call(\`${placeholder('FARCASTER_CHANNEL_PATH')}/status\`, {`,
      "app.get(FARCASTER_CHANNEL_PATH + '/authenticate')",
      "await post(sl('/redeem'), {",
      "http.post(prefixed('/social/start'))",
    ]) {
      expect(ROUTE_SUFFIX.test(literal), literal).toBe(true)
    }
    // While a constant used whole, or followed by something other than a route, is not.
    for (const literal of [
      `path.startsWith(\`${placeholder('EMBEDDED_WALLET_API_PREFIX')}/\`)`,
      `  return \`${placeholder('base')}${placeholder('SOCIAL_BEGIN_PATH')}\``,
      `uri === \`${placeholder('FARCASTER_FID_RESOURCE_PREFIX')}${placeholder('fid')}\``,
      "scope.options('/*', preflight)",
    ]) {
      expect(ROUTE_SUFFIX.test(literal), literal).toBe(false)
    }
    // And a shape built in a route file is one.
    expect(WIRE_SHAPE.test('  body: Type.Object({ name: Type.String() }),')).toBe(true)
  })

  it('has no route path typed as text in the server or the browser packages', () => {
    expect(offences(PATH_LITERAL)).toEqual([])
  })

  it('has no route suffix typed after a prefix constant', () => {
    expect(offences(ROUTE_SUFFIX)).toEqual([])
  })

  it('has no wire shape declared outside protocol', () => {
    expect(offences(WIRE_SHAPE)).toEqual([])
  })
})
