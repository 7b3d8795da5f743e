import {
  type CaipNetwork,
  estimateSendFee,
  fetchAccountTokens,
  fillMaxSendAmount,
  formatAmount,
  formatFiat,
  getActiveChainAccount,
  networkStore,
  type PorticoError,
  preselectSendToken,
  ReceiverNameResolvingError,
  requireActiveChainAccount,
  type SendState,
  sendDraftError,
  sendStore,
  setNetworkBalanceInUSD,
  setSendAmount,
  setSendError,
  setSendToken,
  shortMessageOf,
  tokensStore,
  totalUsdValue,
  typeReceiver,
} from '@portico/core'
import { useEffect, useId, useRef, useState } from 'react'
import { useActiveAccount } from '../../hooks/use-active-account'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Button } from '../../ui/button'
import { formStyles } from '../shared/form-styles'
import { fieldOfSendProblem } from './send-problem-field'

/** Under a receiver typed as a name: the lookup under way, or the address it resolved to. */
function receiverNameNote(draft: SendState, problem: PorticoError | undefined): string {
  if (problem instanceof ReceiverNameResolvingError) return problem.shortMessage
  if (draft.resolvingReceiverName || !draft.receiverAddress) return ''
  return `Resolves to ${draft.receiverAddress}`
}

/** What the receiver field asks for: names resolve on EVM networks only. */
const RECEIVER_PLACEHOLDERS: Partial<Record<CaipNetwork['chainNamespace'], string>> = {
  eip155: '0x… or name.portico.id',
  solana: 'Solana address',
}

/** The send draft: token, amount (with max), receiver (an address or a name); then the preview. */
export default function Send() {
  injectViewStyles('form', formStyles)
  const client = usePorticoApiClient()
  const draft = useStore(sendStore)
  const tokens = useStore(tokensStore)
  const address = useActiveAccount((account) => account?.address)
  const network = useStore(networkStore, (state) => state.activeCaipNetwork)
  const [estimating, setEstimating] = useState(false)
  const [maxing, setMaxing] = useState(false)
  // A problem shows once the visitor typed in or left a field, or tried to preview: never on
  // a form they have not touched yet.
  const [touched, setTouched] = useState(false)
  const touch = () => setTouched(true)
  const ids = useId()
  const caipAddress = network && address ? `${network.caipNetworkId}:${address}` : undefined
  const balances = tokens.caipAddress === caipAddress ? tokens.balances : []

  // The tokens to pick from are the account's balances on this network.
  useEffect(() => {
    const account = caipAddress ? getActiveChainAccount() : undefined
    if (account && tokensStore.get().caipAddress !== caipAddress)
      void fetchAccountTokens(client, account)
  }, [client, caipAddress])
  useEffect(() => {
    setNetworkBalanceInUSD(balances.length > 0 ? totalUsdValue(balances).toFixed(2) : undefined)
  }, [balances])
  // The native token is chosen for the visitor once, when the balances arrive; choosing
  // none afterwards is theirs to do.
  const preselected = useRef(false)
  useEffect(() => {
    if (preselected.current || balances.length === 0) return
    preselected.current = true
    preselectSendToken(balances)
  }, [balances])

  const problem = sendDraftError(draft, network?.chainNamespace)
  // A name still being looked up is no error: it is said under the field, and Send waits.
  const lookingUp = problem instanceof ReceiverNameResolvingError
  const shownProblem = touched && !lookingUp ? problem : undefined
  const nameNote = draft.receiverProfileName ? receiverNameNote(draft, problem) : ''
  const problemField = fieldOfSendProblem(shownProblem, draft)
  /** The error's wiring on the field it concerns. */
  const invalid = (field: typeof problemField) =>
    problemField === field
      ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-problem` }
      : {}
  // The draft's token, as the list has it now (its balance may have changed).
  const chosen = balances.find((balance) => balance.address === draft.token?.address)

  async function preview() {
    setEstimating(true)
    try {
      await estimateSendFee(client, requireActiveChainAccount())
      client.navigate('SendPreview')
    } catch (error) {
      setSendError(shortMessageOf(error) ?? 'Could not estimate the fee')
    } finally {
      setEstimating(false)
    }
  }

  // The native token's Max waits for the fee it leaves aside.
  async function max() {
    setMaxing(true)
    try {
      await fillMaxSendAmount(client, requireActiveChainAccount())
    } catch (error) {
      setSendError(shortMessageOf(error) ?? 'Could not estimate the fee')
    } finally {
      setMaxing(false)
    }
  }

  return (
    <form
      className="portico-view portico-stack"
      onSubmit={(event) => {
        event.preventDefault()
        touch()
        if (!problem) void preview()
      }}
    >
      {network ? <p className="portico-muted">On {network.name}</p> : null}
      <label className="portico-field" htmlFor={`${ids}-token`}>
        Token
      </label>
      <select
        id={`${ids}-token`}
        className="portico-input"
        value={chosen?.address ?? ''}
        {...invalid('token')}
        onChange={(event) =>
          setSendToken(balances.find((balance) => balance.address === event.target.value))
        }
      >
        <option value="">Choose a token</option>
        {balances.map((balance) => (
          <option key={balance.address} value={balance.address}>
            {balance.symbol} ({formatAmount(balance.quantity.numeric)})
          </option>
        ))}
      </select>
      <label className="portico-field" htmlFor={`${ids}-amount`}>
        Amount
      </label>
      <div className="portico-row" style={{ flexWrap: 'nowrap' }}>
        <input
          id={`${ids}-amount`}
          className="portico-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={draft.sendTokenAmount ?? ''}
          {...invalid('amount')}
          onBlur={touch}
          onChange={(event) => {
            touch()
            setSendAmount(event.target.value || undefined)
          }}
        />
        <Button variant="secondary" disabled={!draft.token || maxing} onClick={() => void max()}>
          Max
        </Button>
      </div>
      <label className="portico-field" htmlFor={`${ids}-receiver`}>
        Receiver address
      </label>
      <input
        id={`${ids}-receiver`}
        className="portico-input"
        autoComplete="off"
        spellCheck={false}
        placeholder={network ? RECEIVER_PLACEHOLDERS[network.chainNamespace] : undefined}
        value={draft.receiverProfileName ?? draft.receiverAddress ?? ''}
        {...invalid('receiver')}
        aria-describedby={
          [problemField === 'receiver' ? `${ids}-problem` : '', nameNote ? `${ids}-name` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        onBlur={touch}
        onChange={(event) => {
          touch()
          typeReceiver(client, event.target.value)
        }}
      />
      {draft.receiverProfileName ? (
        <p className="portico-muted" id={`${ids}-name`} aria-live="polite">
          {nameNote}
        </p>
      ) : null}
      <p className="portico-muted">
        Network balance:{' '}
        {draft.networkBalanceInUSD === undefined
          ? '…'
          : formatFiat(Number(draft.networkBalanceInUSD))}
      </p>
      <p className="portico-error-text" role="status" id={`${ids}-problem`}>
        {shownProblem?.shortMessage ?? ''}
      </p>
      {draft.error ? (
        <p className="portico-error-text" role="alert">
          {draft.error}
        </p>
      ) : null}
      <Button
        type="submit"
        disabled={shownProblem !== undefined || lookingUp || estimating}
        aria-describedby={`${ids}-problem`}
      >
        {estimating ? 'Estimating fee…' : 'Preview send'}
      </Button>
    </form>
  )
}
