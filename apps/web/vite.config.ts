import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// Gives the WalletConnect SDK its own copy of @noble/* (hashes, curves, ciphers). The page
// already carries parts of @noble/hashes (viem's keccak for address checksums); Rolldown keeps
// a module's code in one chunk, so the SDK's use of the same modules (sha2, the 64-bit helpers)
// would land in what the page loads before any click (about 0.8 KB gzipped). A copy of its own
// keeps all of that in the SDK's lazy chunk. Modules are copied by a query suffix on their id.
const WALLET_CONNECT_COPY = '?portico-wc'

function walletConnectOwnNoble(): Plugin {
  return {
    name: 'portico-walletconnect-own-noble',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null
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

export default defineConfig({
  plugins: [react(), walletConnectOwnNoble()],
  resolve: {
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
            // What opening the modal needs, in one request instead of five.
            {
              name: 'modal',
              // The QR code primitive (and its encoder) stays with the WalletConnect view.
              test: /packages\/(react\/src\/(modal|ui\/(?!QrCode)|theme|views\/Connect\/)|core\/src\/state\/toast)/,
            },
            // WalletConnect's flow and views in one chunk (one file name in the page's list of
            // lazy chunks instead of five); after the modal's group, so its modules stay there.
            {
              name: 'walletconnect',
              test: /packages\/(core\/src\/connectors\/walletConnect\/(?!universalProviderInit)|react\/src\/views\/(ConnectingWalletConnect|AllWallets)\/)/,
            },
          ],
        },
      },
    },
  },
})
