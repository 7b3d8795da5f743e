// The wallet page. What tests find, by role and accessible name (Playwright's `name` matches a
// substring unless `exact`):
//   heading 'Portico Dev Wallet' (level 1); status: 'Connecting…' then 'Ready'
//   region 'Account': the address as text (also in `?account=N`'s order of the anvil keys)
//   textbox 'Connection link' + button 'Connect' (disabled until the wallet is ready)
//   region 'Connection request' (one per proposal): the dapp's name and URL, list 'Requested
//     chains', list 'Requested methods', figure 'Sign-in message' when the proposal carries a
//     sign-in request (connect({ authentication })), buttons 'Approve' / 'Reject'
//   region 'Sign-in request' (one-click auth): the dapp, figure 'Message', 'Approve' / 'Reject'
//   region 'Signature request' (personal_sign, eth_sign, eth_signTypedData_v4): the dapp, the
//     decoded message in figure 'Message' or figure 'Typed data', 'Approve' / 'Reject'
//   region 'Transaction request' (eth_sendTransaction): To / Value / Chain, 'Approve' / 'Reject'
//   region 'Request' (any other method): figure 'Parameters', 'Approve' / 'Reject'
//   region 'Sessions': list 'Connected dapps', one listitem per session with the dapp's name
//     and button 'Disconnect <dapp name>'; 'No sessions' when empty
//   region 'Farcaster' (the wallet as a Farcaster client, fid 1 by default): textbox 'Farcaster
//     sign-in link' + button 'Open link' (or `?farcasterUrl=` on load), then region 'Farcaster
//     sign-in request' with Domain / URI / Nonce / fid and 'Approve' / 'Reject'; after approval
//     the text 'Signed in to <domain>'; a refusal in an alert inside the region
//   alert: the last error
// Scope the buttons to their card: page.getByRole('region', { name: 'Connection request' })
//   .getByRole('button', { name: 'Approve' }).
import { useEffect, useState } from 'react'
import { AccountPanel } from './components/account-panel'
import { AuthCard } from './components/auth-card'
import { ConnectForm } from './components/connect-form'
import { ProposalCard } from './components/proposal-card'
import { RequestCard } from './components/request-card'
import { SessionList } from './components/session-list'
import { FarcasterPanel } from './farcaster-panel'
import { useWalletState } from './use-wallet-state'
import type { Wallet } from './walletkit/wallet'

export function App({ started }: { started: Promise<Wallet> }) {
  const [wallet, setWallet] = useState<Wallet>()
  const [failure, setFailure] = useState<string>()
  useEffect(() => {
    started.then(setWallet, (error: unknown) =>
      setFailure(error instanceof Error ? error.message : String(error)),
    )
  }, [started])

  return (
    <main>
      <h1>Portico Dev Wallet</h1>
      {wallet ? (
        <WalletView wallet={wallet} />
      ) : (
        <>
          <p role="status">{failure ? 'Not connected' : 'Connecting…'}</p>
          {failure && <p role="alert">{failure}</p>}
          <ConnectForm wallet={undefined} />
        </>
      )}
    </main>
  )
}

function WalletView({ wallet }: { wallet: Wallet }) {
  const state = useWalletState(wallet)
  return (
    <>
      <p role="status">Ready</p>
      {state.error && <p role="alert">{state.error}</p>}
      <AccountPanel address={state.address} accountIndex={wallet.config.accountIndex} />
      <ConnectForm wallet={wallet} />
      <FarcasterPanel walletConnectRelayUrl={wallet.config.relayUrl} />
      {state.proposals.map((proposal) => (
        <ProposalCard key={proposal.id} wallet={wallet} proposal={proposal} />
      ))}
      {state.auths.map((auth) => (
        <AuthCard key={auth.id} wallet={wallet} auth={auth} />
      ))}
      {state.requests.map((request) => (
        <RequestCard key={request.id} wallet={wallet} request={request} />
      ))}
      <SessionList wallet={wallet} sessions={state.sessions} />
    </>
  )
}
