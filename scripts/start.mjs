#!/usr/bin/env node
// `npm start`: install what is missing, then run the product (scripts/dev.ts) under tsx.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ensureNodeModules } from './ensure-installed.mjs'

ensureNodeModules()
const root = join(import.meta.dirname, '..')
const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'scripts', 'dev.ts')], {
  cwd: root,
  stdio: 'inherit',
})
// The terminal's Ctrl-C reaches the child too; forward other signals ourselves.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
