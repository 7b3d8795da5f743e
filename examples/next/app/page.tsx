// A server component: @portico/react's entry is a client module ('use client'), so its button
// renders here on the server and hydrates in the browser.
import { ConnectButton } from '@portico/react'
import { HostStatus } from './host-status'

export default function Home() {
  return (
    <>
      <header>
        <ConnectButton />
      </header>
      <main>
        <HostStatus />
      </main>
    </>
  )
}
