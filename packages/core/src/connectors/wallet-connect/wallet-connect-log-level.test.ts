// What the WalletConnect SDK writes to the host's console (docs/product.md#constants: default
// log level 'error'): the SDK started against our server's relay stays quiet by default and shows
// its steps when the host sets logLevel 'debug'.
import { serverPerFile } from '@portico/test-kit/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WalletConnectProvider } from '../../adapters/evm/wallet-connect-connector'
import { createPorticoClient, type PorticoClient } from '../../client/create-portico-client'
import { mainnet } from '../../networks'
import type { LogLevel } from '../../options/option-types'
import { ensureWalletConnectConnector } from './wallet-connect-setup'

const server = serverPerFile()

const CONSOLE_METHODS = ['log', 'info', 'debug', 'trace', 'warn', 'error'] as const
const clients: PorticoClient[] = []
const providers: WalletConnectProvider[] = []

afterEach(async () => {
  vi.restoreAllMocks()
  for (const provider of providers.splice(0)) {
    provider.client.core.heartbeat.stop()
    await provider.client.core.relayer.transportClose().catch(() => {})
  }
  for (const client of clients.splice(0)) client.destroy()
})

/** Starts the page's WalletConnect SDK (as the first WalletConnect pick does); what it logged. */
async function startSdk(logLevel?: LogLevel): Promise<string[]> {
  const lines: string[] = []
  for (const method of CONSOLE_METHODS) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(`${method}: ${args.map((arg) => JSON.stringify(arg)).join(' ')}`)
    })
  }
  const client = createPorticoClient(
    {
      projectId: server().projectId,
      apiUrl: server().url,
      networks: [mainnet],
      ...(logLevel ? { logLevel } : {}),
    },
    { storage: null },
  )
  clients.push(client)
  const provider = (await ensureWalletConnectConnector(
    client,
  ).getProvider()) as WalletConnectProvider
  providers.push(provider)
  return lines
}

/** Lines below the error level: the SDK's steps, not its failures or warnings. */
const steps = (lines: string[]) => lines.filter((line) => /^(log|info|debug|trace): /.test(line))

describe("the WalletConnect SDK's console output", () => {
  it('shows none of its steps by default', async () => {
    expect(steps(await startSdk())).toEqual([])
  })

  it("shows the SDK's steps when the host sets logLevel 'debug'", async () => {
    expect(steps(await startSdk('debug'))).toContainEqual(
      expect.stringContaining('SignClient Initialization Success'),
    )
  })
})
