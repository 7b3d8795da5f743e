import { defineConfig, type Plugin } from 'vite'
// Relative, not @portico/protocol: the config loads before Vite resolves tsconfig.json's paths.
import { FrameRequest } from '../protocol/src/embedded-wallet-frame'

const SCHEMA_MODULE = 'virtual:frame-request-schema'

/**
 * The request schema as JSON data (src/schema-check.ts says why): the schemas are built here,
 * at build time, so TypeBox itself never reaches the frame's bundle.
 */
function frameRequestSchema(): Plugin {
  return {
    name: 'portico-frame-request-schema',
    resolveId: (id) => (id === SCHEMA_MODULE ? `\0${SCHEMA_MODULE}` : undefined),
    load: (id) =>
      id === `\0${SCHEMA_MODULE}` ? `export default ${JSON.stringify(FrameRequest)}` : undefined,
  }
}

// The frame is its own page on its own origin: one small bundle, no inline script or style
// (its CSP allows only 'self'), no module-preload polyfill (an inline helper otherwise).
export default defineConfig({
  plugins: [frameRequestSchema()],
  // @portico/protocol from its sources (tsconfig.json's paths; its exports name dist/).
  resolve: { tsconfigPaths: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
  },
})
