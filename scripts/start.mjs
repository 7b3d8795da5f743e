#!/usr/bin/env node
// `npm start`: install what is missing, then run the product (scripts/dev.ts) under tsx.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ensureNodeModules } from './ensure-installed.mjs'
import { withV8PoolSize } from './v8-pool-size.mjs'

ensureNodeModules()
const root = join(import.meta.dirname, '..')
const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'scripts', 'dev.ts')], {
  cwd: root,
  stdio: 'inherit',
  // The server (its relay above all) keeps a core while the collector works (v8-pool-size.mjs).
  env: { ...process.env, NODE_OPTIONS: withV8PoolSize() },
})
// The terminal's Ctrl-C reaches the child too; forward other signals ourselves.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
