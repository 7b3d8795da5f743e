// `npx tsx bench/open-main.ts [runs]`: only the modal against its floor (bench/open-bench.ts) and
// picking WalletConnect (bench/qr-bench.ts), without the rest of `npm run bench`.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensurePgliteTemplate } from '@portico/server/testing'
import { startStack } from '../scripts/stack'
import { measureOpenAgainstFloor, printOpenAgainstFloor } from './open-bench'
import type { PageUnderTest } from './page-session'
import { servePage } from './pages'
import { measureQrCode, printQrCode } from './qr-bench'

const runs = Number(process.argv[2] ?? 7)
const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'))
cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
const stack = await startStack({ web: 'dev', dataDir, logLevel: 'error' })
const pages = await Promise.all([servePage('floor'), servePage('connect-button')])
try {
  const wallet = {
    privateKey: stack.devnet.accounts[0]?.privateKey ?? '0x',
    rpcUrls: Object.fromEntries(stack.devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
  } satisfies Omit<PageUnderTest, 'url'>
  const [floorPage, buttonPage] = pages
  const open = await measureOpenAgainstFloor(
    { ...wallet, url: floorPage.url },
    { ...wallet, url: buttonPage.url },
    runs,
  )
  const qr = await measureQrCode({ ...wallet, url: buttonPage.url }, runs)
  console.log('\nOpening the modal against the floor (connect-button page vs bench/pages/floor)')
  printOpenAgainstFloor(open)
  printQrCode(qr)
} finally {
  await Promise.all(pages.map((page) => page.close()))
  await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
