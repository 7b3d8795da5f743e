// Names (docs/product.md#calls): a name's addresses, an address's names, suggestions in our
// zone, and registering a name.
export const PROFILE_ACCOUNT_PATH = '/v1/profile/account'
export const PROFILE_NAME_PATH = '/v1/profile/account/:name'
export const PROFILE_REVERSE_PATH = '/v1/profile/reverse/:address'
export const PROFILE_SUGGESTIONS_PATH = '/v1/profile/suggestions/:name'
