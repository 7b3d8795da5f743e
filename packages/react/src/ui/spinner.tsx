export function Spinner({ label }: { label: string }) {
  return <span className="portico-spinner" role="progressbar" aria-label={label} />
}
