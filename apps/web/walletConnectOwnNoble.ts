// Gives the WalletConnect SDK its own copy of @noble/* (hashes, curves, ciphers). The page
// already carries parts of @noble/hashes (viem's keccak for address checksums); Rolldown keeps
// a module's code in one chunk, so the SDK's use of the same modules (sha2, the 64-bit helpers)
// would land in what the page loads before any click (about 0.8 KB gzipped). A copy of its own
// keeps all of that in the SDK's lazy chunk. Modules are copied by a query suffix on their id.
import type { Plugin } from 'vite'

const COPY = '?portico-wc'

export function walletConnectOwnNoble(): Plugin {
  return {
    name: 'portico-walletconnect-own-noble',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null
      const inCopy = importer.endsWith(COPY)
      if (!inCopy && !importer.includes('/@walletconnect/')) return null
      if (!source.startsWith('@noble/') && !(inCopy && source.startsWith('.'))) return null
      const resolved = await this.resolve(source, importer.replace(COPY, ''), {
        ...options,
        skipSelf: true,
      })
      if (!resolved || resolved.external || !resolved.id.includes('/@noble/')) return null
      return { ...resolved, id: `${resolved.id}${COPY}` }
    },
  }
}
