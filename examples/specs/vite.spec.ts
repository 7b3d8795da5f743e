import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { initialScriptBytes } from '../../scripts/examples-check'
import { connectTestWallet, examples, expect, test, watchProblems } from '../fixtures'

test.describe('examples/vite, built from the packed packages', () => {
  test('loads at most 100 KB of gzipped JavaScript before any click', () => {
    const kb = initialScriptBytes(examples.viteDist()) / 1024
    console.log(`examples/vite: ${kb.toFixed(1)} KB gzipped before any click (budget 100)`)
    expect(kb).toBeLessThanOrEqual(100)
  })

  test('fetches the modal only when the visitor reaches for the button; WalletConnect and the frame client are chunks of their own', async ({
    page,
  }) => {
    const lazy = /^(modal|universal-provider-init|embedded-wallet-setup)-/
    const chunks = readdirSync(join(examples.viteDist(), 'assets')).filter((file) =>
      lazy.test(file),
    )
    expect(chunks.map((file) => file.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual([
      'embedded-wallet-setup',
      'modal',
      'universal-provider-init',
    ])
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url().split('/').at(-1) ?? '')
    })
    await page.goto(examples.viteUrl())
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await page.waitForLoadState('networkidle')
    expect(scripts.filter((file) => lazy.test(file))).toEqual([])
    await page.getByRole('button', { name: 'Connect Wallet' }).hover()
    await expect.poll(() => scripts.some((file) => file.startsWith('modal-'))).toBe(true)
  })

  test('connects the injected wallet, and the app’s own wagmi hooks see it', async ({
    page,
    wallet,
  }) => {
    const problems = watchProblems(page)
    await page.goto(examples.viteUrl())
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await connectTestWallet(page, wallet)
    expect(problems, 'page errors, console errors and warnings').toEqual([])
  })
})
