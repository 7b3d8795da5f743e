// Registers a name for the connected EVM account (docs/product.md#views): the wallet signs the
// JSON message `{ name, attributes, timestamp }` (personal_sign) while RegisterAccountNameSuccess
// shows as the pending view, the server checks and stores it, and Account and the connect button
// show the name. A failure goes back to RegisterAccountName with the first reason.
import {
  evmCoinType,
  isNameLabel,
  NAME_RULE_MESSAGE,
  nameInZone,
} from '@portico/protocol/profile-name'
import { evmChainIdOf } from '../adapters/chain-account'
import type { ChainAdapterFor } from '../adapters/chain-adapter'
import type { PorticoApi } from '../api/portico-api'
import { PorticoError } from '../errors/portico-error'
import { shortMessageOf } from '../errors/short-message-of'
import { updateAccount } from '../state/account'
import { nameRegistrationStore } from '../state/name-registration'
import { goBackToIndex, pushView, routerStore } from '../state/router'
import { clock } from '../time/clock'

export interface NameRegistrationClient {
  api: PorticoApi
  chain: ChainAdapterFor
}

/** The whole name for what the visitor typed, or the rule's words when it breaks the rule. */
export function typedName(typed: string): string {
  const label = typed.trim()
  if (!isNameLabel(label)) throw new PorticoError(NAME_RULE_MESSAGE)
  return nameInZone(label)
}

/** Back to RegisterAccountName, wherever the wallet's approval left the router. */
function backToForm(): void {
  const index = routerStore.get().history.lastIndexOf('RegisterAccountName')
  if (index >= 0) goBackToIndex(index)
}

export async function registerAccountName(
  client: NameRegistrationClient,
  typed: string,
): Promise<void> {
  const name = typedName(typed)
  // Names are registered for the EVM account (a coin type is an EVM chain's).
  const adapter = await client.chain('eip155')
  const [account] = adapter.getAccounts()
  if (!account) throw new PorticoError('Address or auth connector not found')
  const { address } = account
  const chainId = evmChainIdOf(account)
  nameRegistrationStore.set({ name, pending: true, error: undefined })
  pushView('RegisterAccountNameSuccess', { accountName: name })
  try {
    const message = JSON.stringify({
      name,
      attributes: {},
      timestamp: Math.floor(clock.now() / 1000),
    })
    const signature = await adapter.signMessage(account, message)
    await client.api.names.register(
      { coin_type: evmCoinType(chainId), address, message, signature },
      name,
    )
    updateAccount('eip155', { profileName: name })
    nameRegistrationStore.set({ name, pending: false, error: undefined })
  } catch (error) {
    const reason = shortMessageOf(error) ?? `Error registering name ${name}`
    nameRegistrationStore.set({ name, pending: false, error: reason })
    backToForm()
  }
}
