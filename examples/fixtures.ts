// Each test gets a page with the e2e suite's injected EIP-6963 test wallet (real keys, the
// anvil chains) and the example apps' addresses from the global setup.
import { test as base, expect, type Page } from '@playwright/test'
import type { Hex } from 'viem'
import { TEST_WALLET_INFO, TestWallet } from '../e2e/fixtures/test-wallet'

function required(name: string): string {
  const value = process.env[name]
  if (!value)
    throw new Error(`${name} is unset: run the specs through examples/playwright.config.ts`)
  return value
}

export const examples = {
  viteUrl: () => required('PORTICO_EXAMPLE_VITE_URL'),
  viteDist: () => required('PORTICO_EXAMPLE_VITE_DIST'),
  nextUrl: () => required('PORTICO_EXAMPLE_NEXT_URL'),
}

export const test = base.extend<{ wallet: TestWallet }>({
  wallet: [
    async ({ page }, use) => {
      const wallet = new TestWallet({
        privateKeys: (JSON.parse(required('PORTICO_DEV_KEYS')) as Hex[]).slice(0, 1),
        rpcUrls: JSON.parse(required('PORTICO_RPC_URLS')),
        chainId: 1,
      })
      await wallet.install(page)
      await use(wallet)
    },
    { auto: true },
  ],
})

export { expect }

/** Page errors, and console errors and warnings (with the resource they are about). */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return
    problems.push(`${message.text()} (${message.location().url})`)
  })
  return problems
}

/** Connect Wallet, then the injected test wallet, as a visitor would; the app's hooks follow. */
export async function connectTestWallet(page: Page, wallet: TestWallet): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('host-status')).toHaveText('connected')
  await expect(page.getByTestId('host-address')).toHaveText(wallet.account.address)
  await expect(page.getByTestId('host-chain')).toHaveText('1')
}
