export function DecisionButtons({
  busy,
  onApprove,
  onReject,
}: {
  busy: boolean
  onApprove: () => void
  onReject: () => void
}) {
  return (
    <div className="row">
      <button type="button" className="primary" disabled={busy} onClick={onApprove}>
        Approve
      </button>
      <button type="button" disabled={busy} onClick={onReject}>
        Reject
      </button>
    </div>
  )
}
