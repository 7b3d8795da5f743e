// Activity when our real server (a child process on anvil) will not give the page its history:
// the page's projectId is one the server does not know, so every call is refused (this DOM sends a
// preflight before each call, which the server refuses for an unknown project: the page sees a
// network error). Activity says 'Failed to fetch transactions' where the list would be
// (docs/product.md#errors).
import { createPorticoClient, historyStore, mainnet } from '@portico/core'
import { serverPerFile } from '@portico/test-kit/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import { startServerInChild } from '../../test/server-in-child'
import { ActivityPanel } from './activity-panel'

const server = serverPerFile(startServerInChild)
const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
/** Well formed, and no project of the server's. */
const UNKNOWN_PROJECT_ID = 'f'.repeat(32)

afterEach(() => {
  cleanup()
  historyStore.reset()
})

describe('Activity the server refuses', { timeout: 30_000 }, () => {
  it("says 'Failed to fetch transactions' instead of the list", async () => {
    const client = createPorticoClient(
      { projectId: UNKNOWN_PROJECT_ID, apiUrl: server().url, networks: [mainnet] },
      { storage: null },
    )
    render(
      <PorticoContext.Provider value={client}>
        <ActivityPanel address={alice} network={mainnet} />
      </PorticoContext.Provider>,
    )

    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 })
    expect(alert.textContent).toBe('Failed to fetch transactions')
    expect(screen.queryByText('No activity yet')).toBeNull()
  })
})
