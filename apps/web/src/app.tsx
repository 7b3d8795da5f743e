import { ConnectButton } from '@portico/react'
import { HostPanel } from './host-panel'
import { signInMode } from './sign-in-mode'
import { SignInStatus } from './sign-in-status'

export function App() {
  return (
    <>
      <header
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 12,
          padding: '12px 16px',
          borderBottom: '1px solid #27272a',
        }}
      >
        <h1 style={{ fontSize: 20, margin: 0 }}>Portico</h1>
        <ConnectButton />
      </header>
      <main style={{ padding: 16, maxWidth: 640, overflowWrap: 'anywhere' }}>
        <HostPanel />
        {signInMode ? <SignInStatus mode={signInMode} /> : null}
      </main>
    </>
  )
}
