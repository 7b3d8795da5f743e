// The host's view of sign-in with the wallet, from Portico's usePorticoSession hook. Shown
// only when the page turned sign-in on (?siwx=required|optional).
import { usePortico, usePorticoSession } from '@portico/react'

const cell = { padding: '4px 12px 4px 0', verticalAlign: 'top' } as const

export function SignInStatus({ mode }: { mode: 'required' | 'optional' }) {
  const session = usePorticoSession()
  const portico = usePortico()
  const data = session.session?.data
  return (
    <section aria-labelledby="sign-in-title">
      <h3 id="sign-in-title">Sign-in ({mode})</h3>
      <table>
        <tbody>
          <tr>
            <th scope="row" style={cell}>
              Signed in
            </th>
            <td data-testid="host-siwx-status">
              {session.isSignedIn
                ? 'yes'
                : session.status === 'idle'
                  ? 'no'
                  : `no (${session.status})`}
            </td>
          </tr>
          <tr>
            <th scope="row" style={cell}>
              Account
            </th>
            <td data-testid="host-siwx-account">
              {data ? `${data.chainId}:${data.accountAddress}` : '—'}
            </td>
          </tr>
          <tr>
            <th scope="row" style={cell}>
              Until
            </th>
            <td data-testid="host-siwx-expires">{data?.expirationTime ?? '—'}</td>
          </tr>
        </tbody>
      </table>
      {session.status === 'unauthenticated' ? (
        <button type="button" onClick={() => portico.open({ view: 'SIWXSignMessage' })}>
          Sign in
        </button>
      ) : null}
    </section>
  )
}
