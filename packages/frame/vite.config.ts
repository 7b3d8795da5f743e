import { defineConfig } from 'vite'

// The frame is its own page on its own origin: one small bundle, no inline script or style
// (its CSP allows only 'self'), no module-preload polyfill (an inline helper otherwise).
export default defineConfig({
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
  },
})
