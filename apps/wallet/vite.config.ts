import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// A local tool, not a page with a budget: one plain build, no chunk tuning.
export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', strictPort: true },
  preview: { host: '127.0.0.1', strictPort: true },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 2_000 },
})
