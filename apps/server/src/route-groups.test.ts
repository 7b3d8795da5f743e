// The server is wired in one place (README.md, "Adding routes"): each feature's route groups are
// the `<feature>...Routes` plugins of its `routes.ts`, route-groups.ts lists every one of them,
// and no other file registers a feature's group. A feature added later that skips the list, or
// names its plugin another way, fails here rather than being found by reading.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROUTE_GROUPS } from './route-groups'

const SOURCE = import.meta.dirname

const featureFolders = readdirSync(SOURCE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((folder) => readdirSync(join(SOURCE, folder)).includes('routes.ts'))

const camelCase = (folder: string) =>
  folder.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase())

/** Every export of a feature's routes.ts that is a route group: a function named `...Routes`. */
async function exportedGroups(): Promise<Array<{ folder: string; name: string; plugin: unknown }>> {
  const groups = []
  for (const folder of featureFolders) {
    const module: Record<string, unknown> = await import(`./${folder}/routes.ts`)
    for (const [name, plugin] of Object.entries(module)) {
      if (typeof plugin === 'function' && name.endsWith('Routes')) {
        groups.push({ folder, name, plugin })
      }
    }
  }
  return groups
}

describe('the route groups', () => {
  it('are named <feature>Routes (or <feature><Part>Routes) after their folder', async () => {
    const misnamed = (await exportedGroups())
      .filter(
        ({ folder, name }) =>
          !new RegExp(`^${camelCase(folder)}([A-Z][A-Za-z]*)?Routes$`).test(name),
      )
      .map(({ folder, name }) => `${folder}/routes.ts: ${name}`)
    expect(misnamed).toEqual([])
    expect(featureFolders.length).toBeGreaterThanOrEqual(13)
  })

  it('are each listed once in route-groups.ts, which lists nothing else', async () => {
    const groups = await exportedGroups()
    const listed = ROUTE_GROUPS.map((group) => group.plugin as unknown)
    const unlisted = groups.filter(({ plugin }) => !listed.includes(plugin))
    expect(unlisted.map(({ folder, name }) => `${folder}/routes.ts: ${name}`)).toEqual([])
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed.filter((plugin) => !groups.some((group) => group.plugin === plugin))).toEqual([])
  })

  it('are registered from the list alone: no file registers another feature’s group', () => {
    const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'route-groups.ts',
    )
    const groupImport = /import \{([^}]*)\} from '\.\.?\/(?:\.\.\/)*[a-z-]+\/routes'/g
    const offenders = files.flatMap((file) =>
      [...readFileSync(join(SOURCE, file), 'utf8').matchAll(groupImport)]
        .filter((match) => /\w+Routes\b/.test(match[1] ?? ''))
        .map((match) => `${file}: ${match[0]}`),
    )
    expect(offenders).toEqual([])
  })
})
