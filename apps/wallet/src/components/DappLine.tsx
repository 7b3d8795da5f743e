import type { DappInfo } from '../walletkit/walletState'

export function DappLine({ dapp }: { dapp: DappInfo }) {
  return (
    <p>
      <strong>{dapp.name}</strong>
      {dapp.url && <span className="muted"> · {dapp.url}</span>}
    </p>
  )
}
