// A small JSON Schema checker for the keywords the frame's request schemas use (TypeBox writes
// them as plain JSON Schema). Why not TypeBox's own checker: its builders and value checker
// weigh about 35 KB gzipped, more than the rest of the frame's own code, and the frame's CSP
// forbids the eval its compiled checker wants. The schemas stay declared once, in
// @portico/protocol; the build embeds them as JSON (vite.config.ts), and this walks them. A
// keyword it does not know fails the check: an unknown rule never lets a message through.
// schema-check.test.ts holds it to TypeBox's verdicts.

/** A schema object as TypeBox builds it (or its JSON); read as keyword -> value. */
export type JsonSchema = object

const KNOWN = new Set([
  'type',
  'const',
  'anyOf',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
])

const patterns = new Map<string, RegExp>()
function regex(source: string): RegExp {
  let compiled = patterns.get(source)
  if (!compiled) {
    compiled = new RegExp(source, 'u')
    patterns.set(source, compiled)
  }
  return compiled
}

// Lengths count code points, as JSON Schema does; a UTF-16 length past twice the bound settles
// it without counting (a huge string is refused without walking it).
function codePoints(value: string): number {
  let count = 0
  for (const _ of value) count++
  return count
}

function atMost(value: string, max: number): boolean {
  return value.length <= max || (value.length <= 2 * max && codePoints(value) <= max)
}

function atLeast(value: string, min: number): boolean {
  return value.length >= 2 * min || (value.length >= min && codePoints(value) >= min)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case undefined:
      return true
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isObject(value)
    default:
      return false
  }
}

type Keywords = Record<string, unknown>

function checkObject(schema: Keywords, value: Record<string, unknown>): boolean {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = (schema.required ?? []) as string[]
  if (!required.every((key) => Object.hasOwn(value, key))) return false
  const patternProperties = (schema.patternProperties ?? {}) as Record<string, JsonSchema>
  for (const [key, item] of Object.entries(value)) {
    const declared = Object.hasOwn(properties, key) ? properties[key] : undefined
    if (declared) {
      if (!checkSchema(declared, item)) return false
      continue
    }
    let matched = false
    for (const [source, itemSchema] of Object.entries(patternProperties)) {
      if (!regex(source).test(key)) continue
      matched = true
      if (!checkSchema(itemSchema, item)) return false
    }
    if (matched) continue
    const additional = schema.additionalProperties
    if (additional === false) return false
    if (isObject(additional) && !checkSchema(additional, item)) return false
  }
  return true
}

export function checkSchema(given: JsonSchema, value: unknown): boolean {
  const schema = given as Keywords
  for (const keyword of Object.keys(schema)) if (!KNOWN.has(keyword)) return false
  if (!typeMatches(schema.type, value)) return false
  if ('const' in schema && value !== schema.const) return false
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((branch) => checkSchema(branch, value))) {
    return false
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && !atLeast(value, schema.minLength)) return false
    if (typeof schema.maxLength === 'number' && !atMost(value, schema.maxLength)) return false
    if (typeof schema.pattern === 'string' && !regex(schema.pattern).test(value)) return false
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return false
    if (
      isObject(schema.items) &&
      !value.every((item) => checkSchema(schema.items as JsonSchema, item))
    ) {
      return false
    }
  }
  if (isObject(value) && (schema.type === 'object' || schema.properties !== undefined)) {
    return checkObject(schema, value)
  }
  return true
}
