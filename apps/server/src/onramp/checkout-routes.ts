// The sandbox provider's checkout, served by this server at the URL POST
// /v1/generators/onrampurl answers: GET shows the order's page, POST .../pay takes the card form,
// POST .../confirm and .../cancel answer the 3-D Secure style step. Outside the project guard:
// this is the provider's site, opened in its own window, and the order id is its key. Every
// answer is HTML with a strict Content-Security-Policy; a form that does not pass (limits,
// card, fields) is shown again with the reason, status 400, and changes nothing stored.
import { randomBytes } from 'node:crypto'
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
import { CHECKOUT_PATH } from './post-onramp-url'
import { DECLINED_MESSAGE, NOT_CONFIRMED_MESSAGE } from './test-cards'

const ORDER_ID = /^[0-9a-f]{32}$/

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
    reply.code(303).header('location', `${CHECKOUT_PATH}/${row.id}`).send()

  app.get<{ Params: { orderId: string } }>(`${CHECKOUT_PATH}/:orderId`, async (request, reply) => {
    const view = await orderView(request.params.orderId)
    if (!view) return send(reply, 404, notFoundPage(nonceOf()))
    if (view.row.status === 'awaiting_confirmation')
      return send(reply, 200, confirmPage(view, nonceOf()))
    return send(reply, 200, statusPage(view, nonceOf()))
  })

  app.post<{ Params: { orderId: string } }>(
    `${CHECKOUT_PATH}/:orderId/pay`,
    async (request, reply) => {
      const view = await orderView(request.params.orderId)
      if (!view) return send(reply, 404, notFoundPage(nonceOf()))
      const { row } = view
      // A replayed or second submission: the order as it is, no second charge.
      if (row.status !== 'created') return seeOrder(reply, row)
      const sent = (request.body ?? {}) as Record<string, unknown>
      const shown = {
        amount: typeof sent.amount === 'string' ? sent.amount : undefined,
        currency: typeof sent.currency === 'string' ? sent.currency : undefined,
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
    },
  )

  app.post<{ Params: { orderId: string } }>(
    `${CHECKOUT_PATH}/:orderId/confirm`,
    async (request, reply) => {
      const view = await orderView(request.params.orderId)
      if (!view) return send(reply, 404, notFoundPage(nonceOf()))
      if (await onramp.store.confirm(view.row.id)) onramp.payouts?.enqueue(view.row.id)
      return seeOrder(reply, view.row)
    },
  )

  app.post<{ Params: { orderId: string } }>(
    `${CHECKOUT_PATH}/:orderId/cancel`,
    async (request, reply) => {
      const view = await orderView(request.params.orderId)
      if (!view) return send(reply, 404, notFoundPage(nonceOf()))
      if (view.row.status === 'awaiting_confirmation') {
        await onramp.store.decline(view.row.id, NOT_CONFIRMED_MESSAGE)
      }
      return seeOrder(reply, view.row)
    },
  )
}
