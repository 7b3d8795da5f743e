// `npm run bench`: prints figures; it measures, it does not pass or fail.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensurePgliteTemplate } from '@portico/server/testing'
import { startStack } from '../scripts/stack'
import { measureAccountOpen } from './account-bench'
import { measureEmailLogin, type TimingFigure } from './embedded-wallet-bench'
import { measureOpenAgainstFloor, printOpenAgainstFloor } from './open-bench'
import type { PageUnderTest } from './page-session'
import { servePage } from './pages'
import { measureQrCode, printQrCode } from './qr-bench'
import { measureLoad, measureWeb, type WebFigures } from './web-bench'

function printPage(title: string, web: WebFigures) {
  console.log(`\n${title}`)
  console.log(`  JS before any click:        ${web.jsBeforeClickGzipKb} KB gzipped (budget 100 KB)`)
  console.log(
    `  Requests before any click:  ${web.requestsBeforeClick.sameOrigin} same-origin, ${web.requestsBeforeClick.external} external (budget: 0 external): ${web.requestsBeforeClick.urls.join(' ')}`,
  )
  console.log(
    `  JS fetched on opening:      ${web.jsOnOpenGzipKb} KB gzipped: ${web.jsFilesOnOpen.join(' ')}`,
  )
  console.log(`  Other requests on opening:  ${web.otherRequestsOnOpen.join(' ')}`)
  console.log(
    `  Click -> first wallet row:  median ${web.clickToFirstWalletRowMs.median.toFixed(1)} ms of ${web.clickToFirstWalletRowMs.runs.length} cold loads (budget 50 ms); runs ${web.clickToFirstWalletRowMs.runs.join(', ')}`,
  )
  console.log(`  JS heap, modal open:        ${web.jsHeapModalOpenMb} MB`)
}

const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'))
cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
const stack = await startStack({ web: 'preview', dataDir, logLevel: 'error' })
const pages = await Promise.all([
  servePage('baseline'),
  servePage('connect-button'),
  servePage('floor'),
])
try {
  const wallet = {
    privateKey: stack.devnet.accounts[0]?.privateKey ?? '0x',
    rpcUrls: Object.fromEntries(stack.devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
  } satisfies Omit<PageUnderTest, 'url'>
  const [baselinePage, buttonPage, floorPage] = pages
  const baseline = await measureLoad({ ...wallet, url: baselinePage.url })
  const button = await measureWeb({ ...wallet, url: buttonPage.url }, 10)
  const web = await measureWeb({ ...wallet, url: stack.webUrl }, 10)
  const open = await measureOpenAgainstFloor(
    { ...wallet, url: floorPage.url },
    { ...wallet, url: buttonPage.url },
    7,
  )
  const qr = await measureQrCode({ ...wallet, url: buttonPage.url }, 10)
  const account = await measureAccountOpen({ ...wallet, url: stack.webUrl }, 7)
  const emailLogin = await measureEmailLogin(stack.webUrl, stack.mailCatcherUrl, 10)

  printPage(
    'apps/web (host page with its wagmi panel), production build, Chromium, cold loads',
    web,
  )
  printPage(
    'Connect button only (React + wagmi + viem + Portico), as the peers were measured',
    button,
  )
  console.log('\nOpening the modal against the floor (bench/pages/floor: a static list, no modal)')
  printOpenAgainstFloor(open)
  printQrCode(qr)
  console.log('\nOpening Account, connected (apps/web, cold loads)')
  console.log(
    `  Click -> token list painted: median ${account.openToTokenListMs.median.toFixed(1)} ms of ${account.openToTokenListMs.runs.length}; runs ${account.openToTokenListMs.runs.join(', ')}`,
  )
  console.log(
    `  Account chunk:              ${account.accountChunkGzipKb} KB gzipped (budget 30 KB)`,
  )
  console.log(
    `  JS fetched on opening:      ${account.jsOnOpenGzipKb} KB gzipped: ${account.filesOnOpen.join(' ')}`,
  )
  console.log('\nE-mail login (apps/web, cold loads; code read from the local mail catcher)')
  const timing = (figure: TimingFigure) =>
    `median ${figure.median.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms of ${figure.runs.length} (nearest rank: the slowest run); runs ${figure.runs.join(', ')}`
  console.log(`  E-mail submitted -> code view: ${timing(emailLogin.emailToCodeViewMs)}`)
  console.log(`  Code entered -> connected:     ${timing(emailLogin.codeToConnectedMs)}`)
  console.log('\nReference: React + wagmi + viem, a wagmi-hooks connect button, no Portico')
  console.log(`  JS before any click:        ${baseline.jsBeforeClickGzipKb} KB gzipped`)
  console.log(
    `  Portico's own share:        ${(button.jsBeforeClickGzipKb - baseline.jsBeforeClickGzipKb).toFixed(1)} KB gzipped before any click`,
  )
} finally {
  await Promise.all(pages.map((page) => page.close()))
  await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
