// The WebSocket side: signatureSubscribe, accountSubscribe and slotSubscribe (kit's
// sendAndConfirmTransaction watches slots for blockhash expiry), with the validator's
// notification shapes. A signature subscription ends after its one notification.
import type { Address } from '@solana/kit'
import type { WebSocket } from 'ws'
import { type AccountEncoding, readAccount, readAccountEncoding } from './account-encoding'
import { stringifyWithBigInts } from './json-bigint'
import {
  INVALID_REQUEST,
  invalidParams,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  SolanaRpcError,
} from './rpc-error'
import { readAddress, readConfig, readSignature } from './rpc-params'
import type { SignatureStatus, SolanaLedger } from './solana-ledger'

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; address: Address; encoding: AccountEncoding; last: string }
  | { kind: 'slot' }

let nextSubscriptionId = 1

export function serveSubscriptions(ledger: SolanaLedger, socket: WebSocket): void {
  const subscriptions = new Map<number, Subscription>()
  const send = (message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(stringifyWithBigInts(message))
  }
  const notify = (id: number, method: string, result: unknown) =>
    send({ jsonrpc: '2.0', method, params: { result, subscription: id } })

  const notifySignature = (id: number, status: SignatureStatus) => {
    subscriptions.delete(id)
    notify(id, 'signatureNotification', {
      context: { slot: status.slot },
      value: { err: status.err },
    })
  }
  const notifyAccountIfChanged = (
    id: number,
    subscription: Extract<Subscription, { kind: 'account' }>,
  ) => {
    const account = readAccount(ledger, subscription.address, subscription.encoding)
    const encoded = stringifyWithBigInts(account)
    if (encoded === subscription.last) return
    subscription.last = encoded
    notify(id, 'accountNotification', { context: { slot: ledger.slot }, value: account })
  }

  const off = ledger.on({
    slot(slot) {
      for (const [id, subscription] of subscriptions) {
        if (subscription.kind === 'slot') {
          notify(id, 'slotNotification', { parent: slot - 1n, root: slot, slot })
        }
      }
    },
    committed(signature, status) {
      for (const [id, subscription] of subscriptions) {
        if (subscription.kind === 'signature' && subscription.signature === signature) {
          notifySignature(id, status)
        } else if (subscription.kind === 'account') {
          notifyAccountIfChanged(id, subscription)
        }
      }
    },
  })
  socket.on('close', off)

  const subscribe = (method: string, params: unknown[]): number => {
    const id = nextSubscriptionId++
    if (method === 'signatureSubscribe') {
      const signature = readSignature(params[0])
      readConfig(params[1])
      subscriptions.set(id, { kind: 'signature', signature })
      const known = ledger.status(signature)
      // Already processed: the notification follows the subscription id, as a validator's does.
      if (known) queueMicrotask(() => notifySignature(id, known))
    } else if (method === 'accountSubscribe') {
      const address = readAddress(params[0])
      const encoding = readAccountEncoding(readConfig(params[1]).encoding, 'base58')
      const last = stringifyWithBigInts(readAccount(ledger, address, encoding))
      subscriptions.set(id, { kind: 'account', address, encoding, last })
    } else {
      subscriptions.set(id, { kind: 'slot' })
    }
    return id
  }

  const handle = (request: Record<string, unknown>): unknown => {
    const { method } = request
    const params = Array.isArray(request.params) ? request.params : []
    switch (method) {
      case 'signatureSubscribe':
      case 'accountSubscribe':
      case 'slotSubscribe':
        return subscribe(method, params)
      case 'signatureUnsubscribe':
      case 'accountUnsubscribe':
      case 'slotUnsubscribe': {
        const id = params[0]
        if (typeof id !== 'number')
          throw invalidParams('Invalid params: expected a subscription id')
        if (!subscriptions.delete(id)) throw invalidParams('Invalid subscription id.')
        return true
      }
      default:
        throw new SolanaRpcError(METHOD_NOT_FOUND, 'Method not found')
    }
  }

  socket.on('message', (data) => {
    let request: unknown
    try {
      request = JSON.parse(String(data))
    } catch {
      send({ jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'Parse error' } })
      return
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      send({
        jsonrpc: '2.0',
        id: null,
        error: { code: INVALID_REQUEST, message: 'Invalid request' },
      })
      return
    }
    const record = request as Record<string, unknown>
    // kit's keep-alive ping needs no answer.
    if (record.method === 'ping') return
    const id = typeof record.id === 'number' || typeof record.id === 'string' ? record.id : null
    try {
      send({ jsonrpc: '2.0', id, result: handle(record) })
    } catch (error) {
      const rpcError =
        error instanceof SolanaRpcError ? error : new SolanaRpcError(-32603, 'Internal error')
      send({ jsonrpc: '2.0', id, error: { code: rpcError.code, message: rpcError.message } })
    }
  })
}
