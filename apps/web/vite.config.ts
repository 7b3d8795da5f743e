import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { walletConnectOwnNoble } from './walletConnectOwnNoble'

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
