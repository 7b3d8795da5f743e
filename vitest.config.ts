import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Server test files named for a backend run only where that backend is: *.postgres.test.ts
// with DATABASE_URL, *.redis.test.ts with REDIS_URL, *.pglite.test.ts on the embedded PGlite.
// npm test runs the server suite once embedded and once against both (CI sets them).
const serverExclude = [
  ...(process.env.DATABASE_URL ? ['src/**/*.pglite.test.ts'] : ['src/**/*.postgres.test.ts']),
  ...(process.env.REDIS_URL ? [] : ['src/**/*.redis.test.ts']),
  // *.postgres-redis.test.ts need both (several instances on one PostgreSQL and one Redis).
  ...(process.env.DATABASE_URL && process.env.REDIS_URL ? [] : ['src/**/*.postgres-redis.test.ts']),
]

// One module graph per worker, not per file, for the client projects: each file re-importing
// viem, wagmi, React, WalletConnect... cost most of their run (isolated: 337 s, import 208 s;
// shared: 136 s, import 76 s; CPU 5.1 -> 2.8 minutes, measured on the same loaded machine).
// The setup file still gives each file fresh modules of our own sources and a clean page.
// A file that mocks a module (vi.mock) stays isolated: the mock would outlive it in the worker.
// Worker threads rather than child processes: cheaper to start (one run: 164 s -> 115 s wall).
const sharedWorker = {
  isolate: false,
  pool: 'threads' as const,
  setupFiles: [fileURLToPath(new URL('./vitest.fresh-sources.ts', import.meta.url))],
}

// Core and React flows run against the real server and anvil: a sign-in is several round trips
// and signatures, and beside e2e at a low CPU priority one took over the default 5 s (CI).
const realServerTimeouts = { testTimeout: 30_000, hookTimeout: 120_000 }

// One Vitest run covers every workspace; e2e (Playwright) and bench run on their own.
export default defineConfig({
  // @portico/* resolve to their sources through tsconfig.json's paths (their exports name dist/).
  resolve: { tsconfigPaths: true },
  test: {
    // Two test files at a time on this 2-core machine: most server files spend their time waiting
    // on child processes (anvil, server processes, the PGlite worker), so the default of one
    // worker (cores - 1) left a core idle. Measured: the whole run 438 s with one, 277 s with two.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'protocol',
          ...sharedWorker,
          root: 'packages/protocol',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'core',
          ...sharedWorker,
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          exclude: ['src/connectors/wallet-connect/wallet-connect-resume.test.ts'],
          environment: 'node',
          ...realServerTimeouts,
        },
      },
      {
        extends: true,
        test: {
          // The files that mock modules (see sharedWorker).
          name: 'core-mocks',
          root: 'packages/core',
          include: ['src/connectors/wallet-connect/wallet-connect-resume.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          ...sharedWorker,
          root: 'packages/react',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          ...realServerTimeouts,
        },
      },
      {
        extends: true,
        test: {
          name: 'frame',
          ...sharedWorker,
          root: 'packages/frame',
          include: ['src/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        extends: true,
        test: {
          name: 'test-kit',
          ...sharedWorker,
          root: 'packages/test-kit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'devnet',
          ...sharedWorker,
          root: 'packages/devnet',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: 'apps/server',
          // One module graph per worker, not per file: no server test mocks modules or globals,
          // and each builds its own app. Measured: the server suite 225 s -> 185 s, its CPU
          // time 5.6 -> 3.5 minutes (imports 95 s -> 12 s).
          isolate: false,
          // Builds dist/ once: tests that start the server as a process run the build.
          globalSetup: ['src/test/build-server.ts'],
          include: ['src/**/*.test.ts'],
          exclude: serverExclude,
          environment: 'node',
          testTimeout: 60_000,
          // A set-up (anvil, a server, a database) beside a busy e2e can take more than a minute.
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // The packages as npm packs them (scripts/packages.test.ts): it builds them first where
          // their sources changed since the last build, a minute or two from a clean checkout.
          name: 'packages',
          root: 'scripts',
          include: ['*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'wallet',
          ...sharedWorker,
          root: 'apps/wallet',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
