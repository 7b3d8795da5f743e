// A receiver typed in Send as a name (`alice.portico.id`, or any ENS-style name the server can
// answer) instead of an address: once the field rests, the name is resolved through our server
// and the draft sends to the address it gives on the active network. Only the newest input's
// answer counts: an older lookup still on its way is aborted, and its answer dropped.
import { ETHEREUM_COIN_TYPE, evmCoinType } from '@portico/protocol/profile-name'
import type { NamesApi, ProfileAccount } from '../api/names'
import { RECEIVER_NAME_WAIT_MS } from '../constants'
import { shortMessageOf } from '../errors/short-message-of'
import { networkStore } from '../state/network'
import { sendStore, setReceiverAddress, setReceiverName, settleReceiverName } from '../state/send'
import { clock } from '../time/clock'

export interface ReceiverNameClient {
  api: { names: Pick<NamesApi, 'resolveName'> }
}

/** Names are dot-separated labels; an address (0x…) is never one. */
const NAME = /^[\p{L}\p{N}_-]+(\.[\p{L}\p{N}_-]+)+$/u

export function isReceiverName(typed: string): boolean {
  const text = typed.trim()
  return !/^0x/i.test(text) && NAME.test(text)
}

/** The name's address on EVM chain `chainId`, else its Ethereum one (ENSIP-11's default). */
export function addressOfName(account: ProfileAccount, chainId: number): string | undefined {
  const { addresses } = account
  return (addresses[String(evmCoinType(chainId))] ?? addresses[String(ETHEREUM_COIN_TYPE)])?.address
}

/** The lookup the newest input started: cancelled when the visitor types again. */
let current: { timer: unknown; controller: AbortController } | undefined

function cancelLookup(): void {
  if (!current) return
  clock.clearTimeout(current.timer)
  current.controller.abort()
  current = undefined
}

/**
 * What the visitor typed as the receiver. A name on an EVM network is looked up once the field
 * has rested RECEIVER_NAME_WAIT_MS; anything else is the address itself.
 */
export function typeReceiver(client: ReceiverNameClient, typed: string | undefined): void {
  cancelLookup()
  const network = networkStore.get().activeCaipNetwork
  if (!typed || network?.chainNamespace !== 'eip155' || !isReceiverName(typed)) {
    setReceiverAddress(typed || undefined)
    return
  }
  const name = typed.trim()
  const chainId = network.id
  setReceiverName(typed)
  const controller = new AbortController()
  const lookup = { controller, timer: undefined as unknown }
  lookup.timer = clock.setTimeout(() => {
    void resolveReceiver(client, name, chainId, controller.signal).then((answer) => {
      // A newer input, or a draft reset meanwhile (sent, another namespace): not this answer's.
      if (current !== lookup || sendStore.get().receiverProfileName?.trim() !== name) return
      current = undefined
      settleReceiverName(answer)
    })
  }, RECEIVER_NAME_WAIT_MS)
  current = lookup
}

async function resolveReceiver(
  client: ReceiverNameClient,
  name: string,
  chainId: number,
  signal: AbortSignal,
): Promise<{ address: string } | { error: string }> {
  try {
    const account = await client.api.names.resolveName(name, { signal })
    const address = addressOfName(account, chainId)
    return address ? { address } : { error: `${name} has no address on this network` }
  } catch (error) {
    return { error: shortMessageOf(error) ?? 'Error resolving name' }
  }
}
