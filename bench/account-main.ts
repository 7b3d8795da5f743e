// `npx tsx bench/account-main.ts`: only the Account figures of `npm run bench` (opening Account
// to the token list painted, the Account chunk's size), on a stack of its own.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensurePgliteTemplate } from '@portico/server/testing'
import { startStack } from '../scripts/stack'
import { measureAccountOpen } from './account-bench'

const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'))
const outDir = mkdtempSync(join(tmpdir(), 'portico-bench-web-'))
cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
const stack = await startStack({ web: 'preview', dataDir, logLevel: 'error', outDir })
try {
  const account = await measureAccountOpen(
    {
      url: stack.webUrl,
      privateKey: stack.devnet.accounts[0]?.privateKey ?? '0x',
      rpcUrls: Object.fromEntries(
        stack.devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl]),
      ),
    },
    Number(process.env.RUNS ?? 7),
  )
  console.log('Opening Account, connected (apps/web, production build, Chromium, cold loads)')
  console.log(
    `  Click -> token list painted: median ${account.openToTokenListMs.median.toFixed(1)} ms of ${account.openToTokenListMs.runs.length}; runs ${account.openToTokenListMs.runs.join(', ')}`,
  )
  console.log(
    `  Account chunk:              ${account.accountChunkGzipKb} KB gzipped (budget 30 KB)`,
  )
  console.log(
    `  JS fetched on opening:      ${account.jsOnOpenGzipKb} KB gzipped: ${account.filesOnOpen.join(' ')}`,
  )
} finally {
  await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(outDir, { recursive: true, force: true })
}
