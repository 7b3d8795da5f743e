// The server's refusal of a project it does not know (401 'Unauthorized: invalid key') raises the
// spec's alert 'Invalid Project ID' (docs/product.md#alerts), against the real server: the page
// reads the refusal where it can (here Node; a browser only when the refusal is CORS-readable).
import { serverPerFile } from '@portico/test-kit/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { fetchHistoryPage } from '../actions/account-history'
import { createPorticoClient } from '../client/create-portico-client'
import { withApi } from '../client/portico-api-for'
import { mainnet } from '../networks'
import { historyStore } from '../state/history'
import { hideToast, toastStore } from '../state/toast'
import { providerAlertOf } from './provider-alerts'

const server = serverPerFile()
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

afterEach(() => {
  historyStore.reset()
  hideToast()
})

async function openActivity(projectId: string) {
  const client = createPorticoClient(
    { projectId, apiUrl: server().url, networks: [mainnet] },
    { storage: null },
  )
  await fetchHistoryPage(withApi(client), alice, 'eip155:1', { first: true })
  client.destroy()
}

describe("the server's refusal of the page's project", () => {
  it("alerts 'Invalid Project ID' when the server does not know the project, and only then", async () => {
    await openActivity(server().projectId)
    expect(historyStore.get().failed).toBe(false)
    expect(toastStore.get()).toMatchObject({ open: false })

    await openActivity('f'.repeat(32))
    expect(historyStore.get().failed).toBe(true)
    expect(toastStore.get()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Invalid Project ID',
    })
  })
})

describe("the provider's refusals and the spec's alerts", () => {
  const refusal = (message: string) => ({ error: { code: 'X', message } })

  it('maps each of the three provider messages onto its alert, and nothing else', () => {
    expect(providerAlertOf(refusal('Unauthorized: invalid key'))).toBe('Invalid Project ID')
    expect(providerAlertOf(refusal('Unauthorized: origin not allowed'))).toBe(
      'Invalid App Configuration',
    )
    expect(providerAlertOf(refusal('JWT Token is not yet valid'))).toBe('Session Expired')
    expect(providerAlertOf(refusal('Invalid CAIP-2 network id'))).toBeUndefined()
    expect(providerAlertOf(refusal('constructor'))).toBeUndefined()
    expect(providerAlertOf(undefined)).toBeUndefined()
  })
})
