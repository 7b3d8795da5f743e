import { FrameRequest } from '@portico/protocol/embedded-wallet-frame'
import { defineConfig, type Plugin } from 'vite'

const SCHEMA_MODULE = 'virtual:frame-request-schema'

/**
 * The request schema as JSON data (src/schemaCheck.ts says why): the schemas are built here,
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
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
  },
})
