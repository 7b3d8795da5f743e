// RegisterAccountName with no EVM wallet connected (it went away while the view was open), against
// our real server (a child process on anvil): Register says 'Address or auth connector not found'
// (docs/product.md#errors) on the form, and the server holds no such name.
import { createPorticoClient, mainnet, nameRegistrationStore, routerStore } from '@portico/core'
import { NAME_ZONE } from '@portico/protocol/profile-name'
import { serverPerFile } from '@portico/test-kit/vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import { startServerInChild } from '../../test/server-in-child'
import RegisterAccountName from './register-account-name'

const server = serverPerFile(startServerInChild)

afterEach(() => {
  cleanup()
  nameRegistrationStore.reset()
  routerStore.reset()
})

describe('Registering a name without a wallet', { timeout: 30_000 }, () => {
  it("says 'Address or auth connector not found' and registers nothing", async () => {
    const client = createPorticoClient(
      { projectId: server().projectId, apiUrl: server().url, networks: [mainnet] },
      { storage: null },
    )
    render(
      <PorticoContext.Provider value={client}>
        <RegisterAccountName />
      </PorticoContext.Provider>,
    )
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'nobody-here' } })
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))

    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 })
    expect(alert.textContent).toBe('Address or auth connector not found')
    const lookup = await fetch(
      `${server().url}/v1/profile/account/nobody-here.${NAME_ZONE}?apiVersion=2&projectId=${server().projectId}`,
    )
    expect(lookup.status).toBe(404)
  })
})
