// Walks a visitor's path through the modal and saves a picture of each view, for each size and
// colour scheme. Run with `npm run screenshots`; the files land in bench/results/screenshots/.
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

const OUT_DIR = join(import.meta.dirname, '../../bench/results/screenshots')

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }
const SCHEMES = ['dark', 'light'] as const

/**
 * The demo page opens the modal dark; for the light pictures every modal root is switched to
 * the light theme as it appears (the stylesheet keys the palette on data-theme).
 */
async function forceLightTheme(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const paint = () => {
      for (const root of document.querySelectorAll('.portico-root'))
        if (root.getAttribute('data-theme') !== 'light') root.setAttribute('data-theme', 'light')
    }
    new MutationObserver(paint).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-theme'],
    })
  })
}

// A run replaces the last run's pictures, so a view that is gone leaves no stale file behind.
test.beforeAll(() => {
  mkdirSync(OUT_DIR, { recursive: true })
  for (const file of readdirSync(OUT_DIR)) if (file.endsWith('.png')) rmSync(join(OUT_DIR, file))
})

for (const [sizeName, viewport] of Object.entries(SIZES)) {
  for (const scheme of SCHEMES) {
    test(`${sizeName} ${scheme}`, async ({ page, stack, wallet }) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: scheme })
      if (scheme === 'light') await forceLightTheme(page)
      let index = 0
      const shoot = async (name: string) => {
        // The view and height animations are 150 ms; a picture mid-animation shows neither.
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
              .map((a) => a.finished.catch(() => undefined)),
          ),
        )
        index += 1
        const file = `${sizeName}-${scheme}-${String(index).padStart(2, '0')}-${name}.png`
        await page.screenshot({ path: join(OUT_DIR, file) })
      }
      const dialog = (name: string): Locator => page.getByRole('dialog', { name })

      // Sign-in first: a page that asks for it once the wallet connects; Cancel disconnects.
      await page.goto(`${stack.webUrl}?siwx=required`)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('button', { name: /Portico Test Wallet/ }).click()
      await expect(page.getByRole('dialog').getByRole('button', { name: /Sign/ })).toBeVisible()
      await shoot('sign-in')
      await page.getByRole('button', { name: 'Cancel' }).click()
      await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()

      await page.goto(stack.webUrl)
      await shoot('host-page')
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const wallets = dialog('Connect Wallet').getByRole('list', { name: 'Wallets' })
      await expect(wallets.getByRole('button').first()).toBeVisible()
      await shoot('connect')

      await dialog('Connect Wallet').getByRole('button', { name: 'What is a wallet?' }).click()
      const whatIs = dialog('What Is a Wallet?')
      await expect(whatIs.getByRole('button', { name: 'Get a wallet' })).toBeVisible()
      await shoot('what-is-a-wallet')
      await whatIs.getByRole('button', { name: 'Get a wallet' }).click()
      await expect(
        dialog('Get a Wallet').getByRole('list', { name: 'Wallets to get' }).getByRole('link'),
      ).not.toHaveCount(0)
      await shoot('get-a-wallet')
      await page.getByRole('button', { name: 'Back' }).click()
      await page.getByRole('button', { name: 'Back' }).click()

      await wallets.getByRole('button', { name: /^All wallets/ }).click()
      const all = dialog('All Wallets')
      await expect(all.getByRole('list', { name: 'All wallets' }).getByRole('button')).toHaveCount(
        40,
      )
      await shoot('all-wallets')
      await all.getByRole('searchbox', { name: 'Search wallets' }).fill('rainbow')
      await expect(all.getByRole('list', { name: 'Wallets matching rainbow' })).toBeVisible()
      await shoot('all-wallets-search')

      await page.getByRole('button', { name: 'Back' }).click()
      await wallets.getByRole('button', { name: /^WalletConnect/ }).click()
      await expect(dialog('WalletConnect').getByRole('img', { name: /QR code/ })).toBeVisible()
      await shoot('walletconnect-qr')
      await page.getByRole('button', { name: 'Close' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)

      await openAndPickTestWallet(page, stack.webUrl)
      await expect(page.getByTestId('host-status')).toHaveText('connected')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await shoot('host-page-connected')

      await accountButton(page, wallet.account.address).click()
      const account = dialog('Account')
      await expect(account.getByRole('list', { name: 'Tokens' })).toBeVisible()
      await shoot('account-tokens')
      await account.getByRole('tab', { name: 'NFTs' }).click()
      await expect(account.getByRole('list', { name: 'NFTs' }).getByRole('listitem')).toHaveCount(4)
      await shoot('account-nfts')
      await account.getByRole('tab', { name: 'Activity' }).click()
      await expect(account.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
      await shoot('account-activity')
      await account.getByRole('tab', { name: 'Tokens' }).click()

      await account.getByRole('button', { name: /Change network/ }).click()
      await expect(page.getByRole('dialog', { name: /Network/ })).toBeVisible()
      await shoot('networks')
      await page.getByRole('button', { name: 'Back' }).click()

      await account.getByRole('button', { name: 'Receive' }).click()
      await expect(page.getByRole('dialog', { name: /Receive/ })).toBeVisible()
      await shoot('receive')
      await page.getByRole('button', { name: 'Back' }).click()

      await account.getByRole('button', { name: 'Send' }).click()
      const send = dialog('Send')
      await expect(send.getByLabel('Amount')).toBeVisible()
      await shoot('send')
      // The network's own coin: a native send's success shows Transaction Sent (a token's
      // goes back to Account).
      await send.getByLabel('Amount').fill('0.01')
      await send
        .getByLabel('Receiver address')
        .fill((wallet.accounts[1] as { address: string }).address)
      await send.getByRole('button', { name: 'Preview send' }).click()
      await expect(page.getByRole('dialog').getByText(/Network fee/)).toBeVisible()
      await shoot('send-preview')
      await dialog('Send Preview').getByRole('button', { name: 'Send', exact: true }).click()
      await expect(dialog('Transaction Sent').getByRole('status')).toHaveText(/^Sent 0\.01 ETH/)
      await shoot('transaction-sent')
    })
  }
}
