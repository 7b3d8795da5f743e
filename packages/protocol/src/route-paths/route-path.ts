// Filling a route path's `:name` parameters.

/** The names of a path's `:name` parameters, so a call cannot leave one out. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** `path` with each `:name` replaced by its value, URI-encoded (an address or id is one segment). */
export function routePath<P extends string>(
  path: P,
  params: Record<PathParams<P>, string>,
): string {
  const values: Record<string, string> = params
  return path.replace(/:([A-Za-z]+)/g, (_segment, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  )
}
