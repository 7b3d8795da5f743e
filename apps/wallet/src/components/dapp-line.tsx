import type { DappInfo } from '../walletkit/wallet-state'

export function DappLine({ dapp }: { dapp: DappInfo }) {
  return (
    <p>
      <strong>{dapp.name}</strong>
      {dapp.url && <span className="muted"> · {dapp.url}</span>}
    </p>
  )
}
