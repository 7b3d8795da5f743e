import type { Address } from 'viem'

export function AccountPanel({
  address,
  accountIndex,
}: {
  address: Address
  accountIndex: number
}) {
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      <p>
        <code>{address}</code>
      </p>
      <p className="muted">
        Dev account #{accountIndex} of the anvil test mnemonic. Pick another with ?account=N.
      </p>
    </section>
  )
}
