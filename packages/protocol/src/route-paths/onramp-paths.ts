// Buying with a card (docs/product.md#onramp).
export const ONRAMP_OPTIONS_PATH = '/v1/onramp/options'
export const ONRAMP_QUOTE_PATH = '/v1/onramp/quote'
export const ONRAMP_URL_PATH = '/v1/generators/onrampurl'
export const ONRAMP_ORDER_PATH = '/v1/onramp/orders/:orderId'
// The sandbox provider's checkout pages (HTML the server writes, opened by the buyer at the URL
// ONRAMP_URL_PATH answers, outside the project guard): the order's page, its card form's post,
// and the 3-D Secure style step's two answers.
export const ONRAMP_CHECKOUT_PATH = '/onramp/checkout/:orderId'
export const ONRAMP_CHECKOUT_PAY_PATH = '/onramp/checkout/:orderId/pay'
export const ONRAMP_CHECKOUT_CONFIRM_PATH = '/onramp/checkout/:orderId/confirm'
export const ONRAMP_CHECKOUT_CANCEL_PATH = '/onramp/checkout/:orderId/cancel'
