import { existsSync } from 'node:fs'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// Keeps what the WalletConnect SDK shares with the page out of the page's chunk (Rolldown keeps
// a module's code in one chunk, so the SDK's use of a module the page also has lands in what
// the page loads before any click):
// - @noble/*: the page carries parts of @noble/hashes (viem's keccak for address checksums);
//   the SDK gets its own copy (ids with a query suffix), or its sha2 and 64-bit helpers would
//   add about 0.8 KB gzipped to the page.
// - @walletconnect/time and /environment ship an ESM build their package.json does not name;
//   taken as CommonJS they pull Rolldown's CommonJS interop helpers into the page's chunk.
const WALLET_CONNECT_COPY = '?portico-wc'

function walletConnectApartFromPage(): Plugin {
  return {
    name: 'portico-walletconnect-apart-from-page',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null
      if (source === '@walletconnect/time' || source === '@walletconnect/environment') {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
        if (!resolved) return null
        return { ...resolved, id: resolved.id.replace('/dist/cjs/', '/dist/esm/') }
      }
      const inCopy = importer.endsWith(WALLET_CONNECT_COPY)
      if (!inCopy && !importer.includes('/@walletconnect/')) return null
      if (!source.startsWith('@noble/') && !(inCopy && source.startsWith('.'))) return null
      const resolved = await this.resolve(source, importer.replace(WALLET_CONNECT_COPY, ''), {
        ...options,
        skipSelf: true,
      })
      if (!resolved || resolved.external || !resolved.id.includes('/@noble/')) return null
      return { ...resolved, id: `${resolved.id}${WALLET_CONNECT_COPY}` }
    },
  }
}

const repoRoot = join(import.meta.dirname, '../..')

/**
 * A chunk group's test from the source paths it holds (folders end with /). Each must exist: a
 * renamed file or folder would otherwise leave its group matching nothing, silently.
 */
function sourcesUnder(paths: string[]): RegExp {
  for (const path of paths) {
    const onDisk = join(repoRoot, path.replace(/\(\?!.*\)/, ''))
    if (!existsSync(onDisk) && !existsSync(`${onDisk}.ts`) && !existsSync(`${onDisk}.tsx`)) {
      throw new Error(`vite.config.ts: no ${path} for a chunk group (renamed?)`)
    }
  }
  const escaped = paths.map((path) => path.replace(/[./]/g, (character) => `\\${character}`))
  return new RegExp(`(${escaped.join('|')})`)
}

export default defineConfig({
  plugins: [react(), walletConnectApartFromPage()],
  resolve: {
    // @portico/* from their sources (tsconfig.json's paths; their exports name dist/).
    tsconfigPaths: true,
    // React 19 has useSyncExternalStore: the shim's fallback for React < 18 is dead weight.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  server: { host: '127.0.0.1', strictPort: true },
  preview: { host: '127.0.0.1', strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every es2022 browser but Safari < 17 supports modulepreload; those only lose the preload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the page runs at load in one file. Left alone, Rolldown splits the modules
        // the entry shares with lazy chunks (React, stores, viem helpers) into a dozen small
        // chunks the entry imports at once: more requests and about 3.5 KB more gzipped.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The Connect view's wallet request (core's wallet list and Wallet API client), which
            // the connect button starts at the visitor's first gesture: apart from the modal's
            // chunk, so the request leaves without waiting for the dialog's code.
            {
              name: 'connect-wallets',
              test: sourcesUnder([
                'packages/react/src/prefetch-connect-wallets',
                'packages/core/src/wallets/prefetch-connect-wallets',
              ]),
            },
            // What opening the modal needs, in one request instead of five.
            {
              name: 'modal',
              // The QR code primitive (and its encoder) stays with the WalletConnect view.
              test: sourcesUnder([
                'packages/react/src/modal/',
                'packages/react/src/ui/(?!qr-code)',
                'packages/react/src/theme/',
                'packages/react/src/views/connect/',
                'packages/core/src/state/toast',
              ]),
            },
            // The QR code and its encoder, for every view that draws one (Receive, WalletConnect).
            {
              name: 'qrcode',
              test: sourcesUnder(['packages/react/src/ui/qr-code', 'node_modules/uqr/']),
            },
            // WalletConnect's flow and views in one chunk (one file name in the page's list of
            // lazy chunks instead of five); after the modal's group, so its modules stay there.
            {
              name: 'walletconnect',
              test: sourcesUnder([
                'packages/core/src/connectors/wallet-connect/(?!universal-provider-)',
                'packages/react/src/views/connecting-wallet-connect/',
                'packages/react/src/views/all-wallets/',
              ]),
            },
          ],
        },
      },
    },
  },
})
