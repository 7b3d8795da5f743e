import { ConnectButton } from '@portico/react'
import { HostPanel } from './host-panel'
import { signInMode } from './sign-in-mode'
import { SignInStatus } from './sign-in-status'
import { ThemeChoice } from './theme-choice'

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
          borderBottom: '1px solid var(--page-border)',
        }}
      >
        <h1 style={{ fontSize: 20, margin: 0 }}>Portico</h1>
        {/* The button first: it is what a visitor (and the keyboard) reaches for first. */}
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <ConnectButton />
          <ThemeChoice />
        </div>
      </header>
      <main style={{ padding: 16, maxWidth: 640, overflowWrap: 'anywhere' }}>
        <HostPanel />
        {signInMode ? <SignInStatus mode={signInMode} /> : null}
      </main>
    </>
  )
}
