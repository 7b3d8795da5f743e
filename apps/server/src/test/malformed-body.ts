// Request bodies a route must refuse, drawn by fast-check: a valid body broken by a few changes
// that each make it invalid whatever the random values, and bodies that are no JSON object.
import fc from 'fast-check'

export interface BodyField {
  readonly name: string
  /**
   * The values the route takes in this field. Without it, any string: the field is then only
   * dropped or given another type, never another string.
   */
  readonly accepts?: (value: unknown) => boolean
}

export type Body = Record<string, unknown>

/** A field's test for a string that matches a pattern the protocol declares. */
export function matching(pattern: string): (value: unknown) => boolean {
  const regex = new RegExp(pattern)
  return (value) => typeof value === 'string' && regex.test(value)
}

const notString = fc.jsonValue().filter((value) => typeof value !== 'string')
const isString = (value: unknown) => typeof value === 'string'

/**
 * One to three changes that each make a valid body of `fields` invalid; the result breaks a
 * copy of the valid body it is given. `optional` names keys the route also takes, which an
 * added key must not be.
 */
export function brokenBody(
  fields: readonly BodyField[],
  optional: readonly string[] = [],
): fc.Arbitrary<(valid: Body) => Body> {
  const names = fields.map(({ name }) => name)
  const accepts = new Map(fields.map(({ name, accepts }) => [name, accepts ?? isString]))
  const checked = fields.filter((field) => field.accepts !== undefined)
  const changes: fc.Arbitrary<(body: Body) => void>[] = [
    fc.constantFrom(...names).map((name) => (body: Body) => {
      delete body[name]
    }),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue())
      .filter(([key]) => !names.includes(key) && !optional.includes(key) && key !== '__proto__')
      .map(([key, value]) => (body: Body) => {
        body[key] = value
      }),
    fc
      .tuple(fc.constantFrom(...names), notString)
      .filter(([name, value]) => !accepts.get(name)?.(value))
      .map(([name, value]) => (body: Body) => {
        body[name] = value
      }),
  ]
  if (checked.length > 0)
    changes.push(
      fc.constantFrom(...checked).chain(({ name, accepts }) =>
        fc
          .oneof(
            fc.string({ maxLength: 80 }),
            fc.string({ unit: 'binary', maxLength: 80 }),
            fc.webUrl(),
          )
          .filter((value) => !accepts?.(value))
          .map((value) => (body: Body) => {
            body[name] = value
          }),
      ),
    )
  return fc.array(fc.oneof(...changes), { minLength: 1, maxLength: 3 }).map((list) => (valid) => {
    const body = { ...valid }
    for (const change of list) change(body)
    return body
  })
}

/** Any body that is not a JSON object: other JSON values, and text that is no JSON at all. */
export const notAnObject: fc.Arbitrary<string> = fc.oneof(
  notString
    .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
    .map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary', maxLength: 200 }).filter((text) => {
    try {
      const parsed: unknown = JSON.parse(text)
      return typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)
    } catch {
      return true
    }
  }),
)
