// Sign in with the wallet (docs/product.md#sign-in-and-relay-ours).
export const AUTH_NONCE_PATH = '/auth/v1/nonce'
export const AUTH_AUTHENTICATE_PATH = '/auth/v1/authenticate'
export const AUTH_SESSIONS_PATH = '/auth/v1/sessions'
export const AUTH_SESSION_PATH = '/auth/v1/sessions/:id'
export const AUTH_ME_PATH = '/auth/v1/me'
