// Built only with wagmi's own hooks: it shows that the host's code sees the connection the
// modal made, with no Portico API in between.
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react'
import { formatUnits, parseEther } from 'viem'
import {
  useBalance,
  useBlockNumber,
  useChainId,
  useConnection,
  useSendTransaction,
  useSignMessage,
} from 'wagmi'

// Shown only once a transaction was sent: its code (viem's receipt polling) is fetched on Send.
const loadTransactionReceipt = () => import('./transaction-receipt')
const TransactionReceipt = lazy(loadTransactionReceipt)

// Enough decimals to see a small purchase arrive, grouped as people read amounts.
const AMOUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })

function amountOf(balance: { value: bigint; decimals: number; symbol: string }): string {
  return `${AMOUNT.format(Number(formatUnits(balance.value, balance.decimals)))} ${balance.symbol}`
}

const cell = { padding: '4px 12px 4px 0', verticalAlign: 'top', whiteSpace: 'nowrap' } as const

export function HostPanel() {
  const connection = useConnection()
  const chainId = useChainId()
  const balance = useBalance({
    address: connection.address,
    query: { enabled: connection.isConnected },
  })
  // Coins that arrive from elsewhere (a card purchase paid out by the server's treasury, a
  // transfer from another wallet) come in a new block: read the balance again on each one.
  const block = useBlockNumber({ watch: true, query: { enabled: connection.isConnected } })
  const { refetch } = balance
  useEffect(() => {
    if (block.data !== undefined) void refetch()
  }, [block.data, refetch])
  const sign = useSignMessage()
  const send = useSendTransaction()
  const [message, setMessage] = useState('Hello from the host app')
  const [to, setTo] = useState('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')

  function onSend(event: FormEvent) {
    event.preventDefault()
    void loadTransactionReceipt()
    send.sendTransaction({ to: to as `0x${string}`, value: parseEther('0.01') })
  }

  return (
    <section aria-labelledby="host-panel-title">
      <h2 id="host-panel-title">Host app (wagmi hooks)</h2>
      <table>
        <tbody>
          <tr>
            <th scope="row" style={cell}>
              Status
            </th>
            <td data-testid="host-status">{connection.status}</td>
          </tr>
          <tr>
            <th scope="row" style={cell}>
              Address
            </th>
            <td data-testid="host-address">{connection.address ?? '—'}</td>
          </tr>
          <tr>
            <th scope="row" style={cell}>
              Chain
            </th>
            <td data-testid="host-chain">{connection.isConnected ? chainId : '—'}</td>
          </tr>
          <tr>
            <th scope="row" style={cell}>
              Balance
            </th>
            <td data-testid="host-balance">{balance.data ? amountOf(balance.data) : '—'}</td>
          </tr>
        </tbody>
      </table>
      <h3>Sign a message</h3>
      <label>
        Message <input value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>{' '}
      <button
        type="button"
        disabled={!connection.isConnected}
        onClick={() => sign.signMessage({ message })}
      >
        Sign message
      </button>
      {sign.data ? (
        <p data-testid="host-signature" style={{ wordBreak: 'break-all' }}>
          {sign.data}
        </p>
      ) : null}
      {sign.error ? <p role="alert">{sign.error.message.split('\n')[0]}</p> : null}
      <h3>Send 0.01 ETH</h3>
      <form onSubmit={onSend}>
        <label>
          To{' '}
          <input
            value={to}
            onChange={(event) => setTo(event.target.value)}
            size={44}
            style={{ maxWidth: '100%', boxSizing: 'border-box' }}
          />
        </label>{' '}
        <button type="submit" disabled={!connection.isConnected || send.isPending}>
          Send 0.01 ETH
        </button>
      </form>
      {send.data ? <p data-testid="host-tx">{send.data}</p> : null}
      {send.data ? (
        <Suspense fallback={null}>
          <TransactionReceipt hash={send.data} />
        </Suspense>
      ) : null}
      {send.error ? <p role="alert">{send.error.message.split('\n')[0]}</p> : null}
    </section>
  )
}
