// Swaps (docs/product.md#swaps).
export const CONVERT_TOKENS_PATH = '/v1/convert/tokens'
export const CONVERT_QUOTES_PATH = '/v1/convert/quotes'
export const CONVERT_ALLOWANCE_PATH = '/v1/convert/allowance'
export const CONVERT_GAS_PRICE_PATH = '/v1/convert/gas-price'
export const CONVERT_BUILD_APPROVE_PATH = '/v1/convert/build-approve'
export const CONVERT_BUILD_TRANSACTION_PATH = '/v1/convert/build-transaction'
