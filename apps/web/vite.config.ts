import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * Code in viem and wagmi that this page imports but never runs before a click, and can only
 * run in cases this page does not have. Each entry turns static imports into dynamic ones at
 * the one place that uses them, so the code is fetched only if that path ever runs. Behaviour
 * is unchanged: these functions are async already. About 22 KB gzipped of the before-click JS.
 * - viem getBalance: the multicall3 branch (eth_call + ABI coding). Our chains carry no
 *   multicall3 contract, so balances are a plain eth_getBalance.
 * - viem sendTransaction: preparing and signing for local (private-key) accounts, and EIP-7702
 *   authorization lists. Browser wallets are JSON-RPC accounts: eth_sendTransaction.
 * - wagmi waitForTransactionReceipt: the eth_call that reads a reverted transaction's reason.
 * If an upgrade changes one of these files the build warns and keeps that file as it is: the
 * page still works, only heavier (the bench shows it).
 */
const coldPaths: { file: RegExp; edits: [from: string, to: string][] }[] = [
  {
    file: /\/viem\/_esm\/actions\/public\/getBalance\.js$/,
    edits: [
      ["import { multicall3Abi } from '../../constants/abis.js';\n", ''],
      ["import { decodeFunctionResult } from '../../utils/abi/decodeFunctionResult.js';\n", ''],
      ["import { encodeFunctionData } from '../../utils/abi/encodeFunctionData.js';\n", ''],
      ["import { call } from './call.js';\n", ''],
      [
        'const multicall3Address = client.chain.contracts.multicall3.address;',
        "const [{ multicall3Abi }, { decodeFunctionResult }, { encodeFunctionData }, { call }] = await Promise.all([import('../../constants/abis.js'), import('../../utils/abi/decodeFunctionResult.js'), import('../../utils/abi/encodeFunctionData.js'), import('./call.js')]);\nconst multicall3Address = client.chain.contracts.multicall3.address;",
      ],
    ],
  },
  {
    file: /\/viem\/_esm\/actions\/wallet\/sendTransaction\.js$/,
    edits: [
      [
        "import { recoverAuthorizationAddress, } from '../../utils/authorization/recoverAuthorizationAddress.js';\n",
        '',
      ],
      [
        "import { defaultParameters, prepareTransactionRequest, } from './prepareTransactionRequest.js';\n",
        '',
      ],
      ["import { sendRawTransaction, } from './sendRawTransaction.js';\n", ''],
      [
        'return await recoverAuthorizationAddress({',
        "return await (await import('../../utils/authorization/recoverAuthorizationAddress.js')).recoverAuthorizationAddress({",
      ],
      [
        "if (account?.type === 'local') {",
        "if (account?.type === 'local') {\nconst [{ defaultParameters, prepareTransactionRequest }, { sendRawTransaction }] = await Promise.all([import('./prepareTransactionRequest.js'), import('./sendRawTransaction.js')]);",
      ],
    ],
  },
  {
    file: /\/@wagmi\/core\/dist\/esm\/actions\/waitForTransactionReceipt\.js$/,
    edits: [
      [
        "import { call, getTransaction, waitForTransactionReceipt as viem_waitForTransactionReceipt, } from 'viem/actions';",
        "import { getTransaction, waitForTransactionReceipt as viem_waitForTransactionReceipt, } from 'viem/actions';",
      ],
      [
        "const action_call = getAction(client, call, 'call');",
        "const { call } = await import('portico:viem-call');\nconst action_call = getAction(client, call, 'call');",
      ],
    ],
  },
]

function lazyColdPaths(): Plugin {
  return {
    name: 'portico:lazy-cold-paths',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      // viem's call action on its own: `import('viem/actions')` would keep every action.
      if (source !== 'portico:viem-call') return
      const actions = await this.resolve('viem/actions', importer)
      return actions ? actions.id.replace(/index\.js$/, 'public/call.js') : null
    },
    transform(code, id) {
      const patch = coldPaths.find((entry) => entry.file.test(id))
      if (!patch) return
      let out = code
      for (const [from, to] of patch.edits) {
        if (!out.includes(from)) {
          this.warn(`kept as is, ${id} no longer contains ${JSON.stringify(from.slice(0, 70))}`)
          return
        }
        out = out.replace(from, to)
      }
      return { code: out, map: null }
    },
  }
}

export default defineConfig({
  plugins: [react(), lazyColdPaths()],
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
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
})
