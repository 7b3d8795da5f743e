// Drives the onramp as the modal and a buyer would: the API calls with a project's id (the dev
// project's unless given), the sandbox checkout's form posts, and chain reads to see what arrived.
import { DEV_PROJECT_ID } from '../projects/dev-project'

export const SUCCESS_CARD = '4242 4242 4242 4242'
export const DECLINED_CARD = '4000 0000 0000 0002'
export const CONFIRM_CARD = '4000 0027 6000 3184'

export interface OnrampClient {
  api(path: string, body?: unknown): Promise<Response>
  /** Starts an order for `address` on ethereum; its id. */
  startOrder(address: string, extra?: Record<string, unknown>): Promise<string>
  pay(orderId: string, fields: Record<string, string>): Promise<Response>
  order(orderId: string): Promise<{
    status: string
    txHash: string | null
    message: string | null
    purchaseAmount: { amount: string } | null
  }>
  waitForStatus(orderId: string, status: string, timeoutMs?: number): Promise<void>
}

export function cardForm(card: string, amount = '100.00', currency = 'USD') {
  return { amount, currency, cardNumber: card, expiry: '12/39', cvc: '123', name: 'Ada Buyer' }
}

export function onrampClient(baseUrl: () => string, projectId = DEV_PROJECT_ID): OnrampClient {
  const query = () => new URLSearchParams({ projectId, st: 'portico', sv: '0.1.0' })
  const client: OnrampClient = {
    api(path, body) {
      return fetch(`${baseUrl()}${path}?${query()}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined
          ? {}
          : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      })
    },
    async startOrder(address, extra = {}) {
      const response = await client.api('/v1/generators/onrampurl', {
        destinationWallets: [{ address, blockchains: ['ethereum'], assets: ['ETH'] }],
        defaultNetwork: 'ethereum',
        partnerUserId: address,
        defaultExperience: 'buy',
        presetFiatAmount: 100,
        ...extra,
      })
      const answer = (await response.json()) as { orderId: string; url: string }
      if (response.status !== 200) throw new Error(`onrampurl: ${JSON.stringify(answer)}`)
      return answer.orderId
    },
    pay(orderId, fields) {
      return fetch(`${baseUrl()}/onramp/checkout/${orderId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      })
    },
    async order(orderId) {
      const response = await client.api(`/v1/onramp/orders/${orderId}`)
      return response.json()
    },
    async waitForStatus(orderId, status, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      let last = ''
      while (Date.now() < deadline) {
        last = (await client.order(orderId)).status
        if (last === status) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`order ${orderId} is ${last}, not ${status}`)
    },
  }
  return client
}

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

export async function balanceOf(rpcUrl: string, address: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']))
}

export async function nonceOf(rpcUrl: string, address: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, 'eth_getTransactionCount', [address, 'latest']))
}
