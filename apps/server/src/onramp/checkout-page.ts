// The sandbox provider's pages, written on the server as plain HTML: no script, no remote asset,
// one inline stylesheet allowed by a per-answer nonce (the Content-Security-Policy in
// checkout-routes.ts allows nothing else). While coins are on their way the page refreshes
// itself with a meta tag.
import {
  ONRAMP_CHECKOUT_CANCEL_PATH,
  ONRAMP_CHECKOUT_CONFIRM_PATH,
  ONRAMP_CHECKOUT_PAY_PATH,
  routePath,
} from '@portico/protocol/route-paths'
import { formatCents } from './onramp-catalog'
import { ONRAMP_LIMITS_CENTS } from './onramp-constants'
import type { OrderRow } from './order-store'
import { DECLINED_MESSAGE } from './test-cards'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string)
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #15171a; }
  @media (prefers-color-scheme: dark) { body { background: #141518; color: #f1f2f4; } main { background: #1f2125 !important; } }
  main { max-width: 420px; margin: 32px auto; padding: 24px; border-radius: 16px; background: #fff; }
  h1 { font-size: 1.3rem; margin: 0 0 8px; }
  p, li, dd, dt { line-height: 1.5; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; }
  input, select, button { font: inherit; padding: 10px; border-radius: 8px; border: 1px solid #8a8f98; width: 100%; box-sizing: border-box; }
  button { background: #1d4ed8; color: #fff; border: none; margin-top: 16px; font-weight: 600; cursor: pointer; }
  button.secondary { background: transparent; color: inherit; border: 1px solid #8a8f98; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  .error { color: #b91c1c; font-weight: 600; } @media (prefers-color-scheme: dark) { .error { color: #fca5a5; } }
  .note { font-size: 0.9rem; opacity: 0.85; }
  dl { display: grid; grid-template-columns: auto auto; gap: 4px 12px; } dd { margin: 0; text-align: right; }
  code { word-break: break-all; }
`

export interface PageParts {
  title: string
  body: string
  nonce: string
  /** Seconds until the page reloads itself (an order on its way). */
  refreshSeconds?: number
}

export function pageHtml(parts: PageParts): string {
  const refresh =
    parts.refreshSeconds === undefined
      ? ''
      : `<meta http-equiv="refresh" content="${parts.refreshSeconds}">`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>${refresh}
<style nonce="${parts.nonce}">${STYLE}</style></head>
<body><main>${parts.body}</main></body></html>`
}

export interface OrderView {
  row: OrderRow
  providerName: string
  networkName: string
  symbol: string
  feePercent: number
}

function summary(view: OrderView): string {
  const { row } = view
  return `<p class="note">${escapeHtml(view.providerName)} (sandbox) · ${escapeHtml(view.symbol)} on ${escapeHtml(view.networkName)} to <code>${escapeHtml(row.destination)}</code></p>`
}

export function checkoutFormPage(
  view: OrderView,
  nonce: string,
  form: {
    amount?: string | undefined
    currency?: string | undefined
    cardNumber?: string | undefined
    expiry?: string | undefined
    cvc?: string | undefined
    name?: string | undefined
    error?: string | undefined
  } = {},
): PageParts {
  const { row } = view
  const card = ONRAMP_LIMITS_CENTS.card
  const amount =
    form.amount ?? (row.preset_fiat_cents === null ? '' : formatCents(row.preset_fiat_cents))
  const currency = form.currency ?? row.payment_currency
  const option = (id: string) =>
    `<option value="${id}"${currency === id ? ' selected' : ''}>${id}</option>`
  const error = form.error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(form.error)}</p>`
    : ''
  const described = form.error ? ' aria-describedby="form-error"' : ''
  const kept = (value: string | undefined) =>
    value === undefined ? '' : ` value="${escapeHtml(value)}"`
  return {
    title: `Buy ${view.symbol}`,
    nonce,
    body: `<h1>Buy ${escapeHtml(view.symbol)}</h1>${summary(view)}${error}
<form method="post" action="${routePath(ONRAMP_CHECKOUT_PAY_PATH, { orderId: row.id })}" novalidate>
<div class="row"><div><label for="amount">Amount</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" required value="${escapeHtml(amount)}"${described}></div>
<div><label for="currency">Currency</label><select id="currency" name="currency">${option('USD')}${option('EUR')}</select></div></div>
<p class="note">By card: ${formatCents(card.min)} to ${formatCents(card.max)} ${escapeHtml(currency)}. Fee ${view.feePercent} % plus the network fee.</p>
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required${kept(form.cardNumber)}>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required${kept(form.expiry)}></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required${kept(form.cvc)}></div></div>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required${kept(form.name)}>
<button type="submit">Pay</button></form>
<p class="note">Sandbox test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined;
4000 0027 6000 3184 asks for your bank's confirmation. Any future expiry, any CVC.</p>`,
  }
}

function paidSummary(row: OrderRow, symbol: string): string {
  const total = row.total_cents === null ? '' : formatCents(row.total_cents)
  return `<dl><dt>Paid</dt><dd>${escapeHtml(total)} ${escapeHtml(row.payment_currency)}</dd>
<dt>You get</dt><dd>${escapeHtml(row.purchase_amount ?? '')} ${escapeHtml(symbol)}</dd></dl>`
}

export function confirmPage(view: OrderView, nonce: string): PageParts {
  const { row } = view
  return {
    title: 'Confirm your payment',
    nonce,
    body: `<h1>Confirm your payment</h1>${summary(view)}
<p>Your bank asks you to confirm this payment (3-D Secure).</p>${paidSummary(row, view.symbol)}
<form method="post" action="${routePath(ONRAMP_CHECKOUT_CONFIRM_PATH, { orderId: row.id })}"><button type="submit">Confirm payment</button></form>
<form method="post" action="${routePath(ONRAMP_CHECKOUT_CANCEL_PATH, { orderId: row.id })}"><button type="submit" class="secondary">Cancel</button></form>`,
  }
}

export function statusPage(view: OrderView, nonce: string): PageParts {
  const { row } = view
  switch (row.status) {
    case 'charged':
    case 'paying':
      return {
        title: 'Sending your coins',
        nonce,
        refreshSeconds: 1,
        body: `<h1>Payment received: sending your ${escapeHtml(view.symbol)}</h1>${summary(view)}${paidSummary(row, view.symbol)}`,
      }
    case 'paid':
      return {
        title: 'Purchase complete',
        nonce,
        body: `<h1>Purchase complete</h1>${summary(view)}${paidSummary(row, view.symbol)}
<p>Transaction <code>${escapeHtml(row.tx_hash ?? '')}</code></p><p>You can close this window.</p>`,
      }
    case 'declined':
      return {
        title: 'Payment declined',
        nonce,
        body: `<h1>Payment declined</h1><p class="error" role="alert">${escapeHtml(row.message ?? DECLINED_MESSAGE)}</p>
<p>Nothing was charged. Start a new purchase from the app to try again.</p>`,
      }
    case 'failed':
      return {
        title: 'Purchase failed',
        nonce,
        body: `<h1>Purchase failed</h1><p class="error" role="alert">${escapeHtml(row.message ?? '')}</p>`,
      }
    default:
      return checkoutFormPage(view, nonce)
  }
}

export function notFoundPage(nonce: string): PageParts {
  return {
    title: 'Order not found',
    nonce,
    body: '<h1>Order not found</h1><p>This checkout link is not valid. Start a new purchase from the app.</p>',
  }
}
