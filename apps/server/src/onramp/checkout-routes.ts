// The sandbox provider's checkout, served by this server at the URL POST
// /v1/generators/onrampurl answers: GET shows the order's page, POST .../pay takes the card form,
// POST .../confirm and .../cancel answer the 3-D Secure style step. Outside the project guard:
// this is the provider's site, opened in its own window, and the order id is its key. Every
// answer is HTML with a strict Content-Security-Policy; a form that does not pass (limits,
// card, fields) is shown again with the reason, status 400, and changes nothing stored.
import { randomBytes } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ONRAMP_ORDER_ID_PATTERN, OnrampCheckoutParams } from '@portico/protocol/onramp'
import {
  ONRAMP_CHECKOUT_CANCEL_PATH,
  ONRAMP_CHECKOUT_CONFIRM_PATH,
  ONRAMP_CHECKOUT_PATH,
  ONRAMP_CHECKOUT_PAY_PATH,
  routePath,
} from '@portico/protocol/route-paths'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { ServerError } from '../errors'
import { CheckoutFormError, readCheckoutForm } from './checkout-form'
import {
  checkoutFormPage,
  confirmPage,
  notFoundPage,
  type OrderView,
  type PageParts,
  pageHtml,
  statusPage,
} from './checkout-page'
import { ONRAMP_FORM_BODY_LIMIT_BYTES } from './onramp-constants'
import { computeQuote, parseCents, providerOf } from './onramp-quote'
import type { OnrampRouteOptions } from './onramp-route-options'
import type { OrderRow } from './order-store'
import { DECLINED_MESSAGE, NOT_CONFIRMED_MESSAGE } from './test-cards'

const ORDER_ID = new RegExp(ONRAMP_ORDER_ID_PATTERN)
const schema = { params: OnrampCheckoutParams }

function send(reply: FastifyReply, status: number, page: PageParts): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${page.nonce}'; form-action 'self'; ` +
        "frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(pageHtml(page))
}

const nonceOf = () => randomBytes(16).toString('base64')

export const checkoutRoutes: FastifyPluginAsync<OnrampRouteOptions> = async (app, { onramp }) => {
  // The form posts urlencoded fields; a few short ones.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ONRAMP_FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const fields: Record<string, string | string[]> = {}
      for (const [name, value] of new URLSearchParams(body as string)) {
        // A field sent twice is refused by the form check (not a string).
        const known = fields[name]
        fields[name] = known === undefined ? value : [known as string, value].flat()
      }
      done(null, fields)
    },
  )

  async function orderView(id: string): Promise<OrderView | undefined> {
    if (!ORDER_ID.test(id)) return undefined
    const row = await onramp.store.get(id)
    if (!row) return undefined
    const network = onramp.networkOfChain(row.chain_id)
    const provider = providerOf(row.provider)
    return {
      row,
      providerName: provider.name,
      networkName: network?.displayName ?? `Chain ${row.chain_id}`,
      symbol: network?.currency.symbol ?? row.purchase_currency,
      feePercent: provider.feePercent,
    }
  }

  const seeOrder = (reply: FastifyReply, row: OrderRow) =>
    reply
      .code(303)
      .header('location', routePath(ONRAMP_CHECKOUT_PATH, { orderId: row.id }))
      .send()

  const routes = app.withTypeProvider<TypeBoxTypeProvider>()
  routes.get(ONRAMP_CHECKOUT_PATH, { schema }, async (request, reply) => {
    const view = await orderView(request.params.orderId)
    if (!view) return send(reply, 404, notFoundPage(nonceOf()))
    if (view.row.status === 'awaiting_confirmation')
      return send(reply, 200, confirmPage(view, nonceOf()))
    return send(reply, 200, statusPage(view, nonceOf()))
  })

  routes.post(ONRAMP_CHECKOUT_PAY_PATH, { schema }, async (request, reply) => {
    const view = await orderView(request.params.orderId)
    if (!view) return send(reply, 404, notFoundPage(nonceOf()))
    const { row } = view
    // A replayed or second submission: the order as it is, no second charge.
    if (row.status !== 'created') return seeOrder(reply, row)
    const sent = (request.body ?? {}) as Record<string, unknown>
    // A refused form comes back with what was typed, so one wrong field costs one field.
    const typed = (name: string) =>
      typeof sent[name] === 'string' ? (sent[name] as string).slice(0, 100) : undefined
    const shown = {
      amount: typed('amount'),
      currency: typed('currency'),
      cardNumber: typed('cardNumber'),
      expiry: typed('expiry'),
      cvc: typed('cvc'),
      name: typed('name'),
    }
    const network = onramp.networkOfChain(row.chain_id)
    try {
      const form = readCheckoutForm(request.body, new Date())
      if (!network) throw new CheckoutFormError('This network is no longer served')
      const quote = await computeQuote(onramp.context.prices, {
        network,
        paymentCurrency: form.currency,
        totalCents: parseCents(form.amount),
        method: 'card',
        provider: providerOf(row.provider),
      })
      if (form.outcome === 'declined') {
        await onramp.store.decline(row.id, DECLINED_MESSAGE)
      } else if (form.outcome === 'confirm') {
        await onramp.store.takePayment(row.id, 'awaiting_confirmation', form.currency, quote)
      } else if (await onramp.store.takePayment(row.id, 'charged', form.currency, quote)) {
        onramp.payouts?.enqueue(row.id)
      }
      return seeOrder(reply, row)
    } catch (error) {
      if (!(error instanceof CheckoutFormError || error instanceof ServerError)) throw error
      const status = error instanceof ServerError ? error.status : 400
      return send(
        reply,
        status,
        checkoutFormPage(view, nonceOf(), { ...shown, error: error.message }),
      )
    }
  })

  routes.post(ONRAMP_CHECKOUT_CONFIRM_PATH, { schema }, async (request, reply) => {
    const view = await orderView(request.params.orderId)
    if (!view) return send(reply, 404, notFoundPage(nonceOf()))
    if (await onramp.store.confirm(view.row.id)) onramp.payouts?.enqueue(view.row.id)
    return seeOrder(reply, view.row)
  })

  routes.post(ONRAMP_CHECKOUT_CANCEL_PATH, { schema }, async (request, reply) => {
    const view = await orderView(request.params.orderId)
    if (!view) return send(reply, 404, notFoundPage(nonceOf()))
    if (view.row.status === 'awaiting_confirmation') {
      await onramp.store.decline(view.row.id, NOT_CONFIRMED_MESSAGE)
    }
    return seeOrder(reply, view.row)
  })
}
