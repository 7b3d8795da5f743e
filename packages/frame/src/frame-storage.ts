// What the frame keeps in its origin's localStorage, under our '@portico-wallet/' prefix (the
// wallet-frame keys of docs/product.md#browser-storage). The host page cannot read it: another
// origin's storage.
// The session token, the device share and a social login's redeem secret are sealed under a
// key that cannot be exported (sealed-slots.ts, storage-seal.ts), so reading this origin's
// storage gives none of them.
// Sign-out clears the login data (session, e-mail, address) and keeps the device share, which
// alone gives nothing and saves the next login on this browser a recovery.
import type { EmbeddedSession } from '@portico/protocol/embedded-wallet-api'
import { createSealedSlots, type SlotCodec } from './sealed-slots'
import type { StorageSeal } from './storage-seal'

export const FRAME_STORAGE_KEYS = {
  session: '@portico-wallet/session',
  email: '@portico-wallet/email',
  address: '@portico-wallet/address',
  chainId: '@portico-wallet/chain-id',
  deviceShare: '@portico-wallet/device-share',
  preferredAccountType: '@portico-wallet/preferred-account-type',
  /** A social login started here (state, redeem secret, provider), until its result is back. */
  socialPending: '@portico-wallet/social-pending',
  /** The provider and user name of a social login (the spec's social username). */
  social: '@portico-wallet/social',
} as const

/** The session as the server's code verification answered it. */
export type StoredSession = EmbeddedSession

export interface StoredSocialPending {
  provider: string
  state: string
  redeemSecret: string
}

export interface StoredSocialLogin {
  provider: string
  userName: string | null
}

/** The device share with the address its split belongs to. */
export interface StoredDeviceShare {
  address: string
  share: string
}

export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

function readJson(store: KeyValueStore, key: string): unknown {
  const text = store.getItem(key)
  if (text === null) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The token is the secret; its expiry stays readable beside it. */
const SESSION: SlotCodec<StoredSession> = {
  key: FRAME_STORAGE_KEYS.session,
  split: ({ token, expiresAt }) => ({ clear: { expiresAt }, secret: token }),
  join: ({ expiresAt }, token) =>
    typeof expiresAt === 'string' ? { token, expiresAt } : undefined,
  legacy: ({ token, expiresAt }) =>
    typeof token === 'string' && typeof expiresAt === 'string' ? { token, expiresAt } : undefined,
}

/** The share is the secret; the address of its split stays readable beside it. */
const DEVICE_SHARE: SlotCodec<StoredDeviceShare> = {
  key: FRAME_STORAGE_KEYS.deviceShare,
  split: ({ address, share }) => ({ clear: { address }, secret: share }),
  join: ({ address }, share) => (typeof address === 'string' ? { address, share } : undefined),
  legacy: ({ address, share }) =>
    typeof address === 'string' && typeof share === 'string' ? { address, share } : undefined,
}

/** The redeem secret is the secret; the provider and state stay readable beside it. */
const SOCIAL_PENDING: SlotCodec<StoredSocialPending> = {
  key: FRAME_STORAGE_KEYS.socialPending,
  split: ({ provider, state, redeemSecret }) => ({
    clear: { provider, state },
    secret: redeemSecret,
  }),
  join: ({ provider, state }, redeemSecret) =>
    typeof provider === 'string' && typeof state === 'string'
      ? { provider, state, redeemSecret }
      : undefined,
  legacy: ({ provider, state, redeemSecret }) =>
    typeof provider === 'string' && typeof state === 'string' && typeof redeemSecret === 'string'
      ? { provider, state, redeemSecret }
      : undefined,
}

/**
 * The frame's storage over `store` (localStorage). `seal` is this origin's storage seal, or
 * undefined where IndexedDB or WebCrypto cannot keep one: the secrets then live in memory only.
 */
export function createFrameStorage(
  store: KeyValueStore,
  seal: Promise<StorageSeal | undefined>,
  now: () => number = Date.now,
) {
  const secrets = createSealedSlots(store, seal)
  const session = secrets.slot(SESSION)
  const deviceShare = secrets.slot(DEVICE_SHARE)
  const socialPending = secrets.slot(SOCIAL_PENDING)
  return {
    /** Reads the sealed secrets from storage; every request the frame handles starts with it. */
    load: secrets.load,
    /** Resolves when what was saved so far is sealed in storage (or known to stay in memory). */
    flush: secrets.flush,
    /** The session, unless missing, malformed or expired. */
    session(): StoredSession | undefined {
      const value = session.get()
      return value && Date.parse(value.expiresAt) > now() ? value : undefined
    },
    saveLogin(login: StoredSession, email: string) {
      session.set({ token: login.token, expiresAt: login.expiresAt })
      store.setItem(FRAME_STORAGE_KEYS.email, email)
    },
    email(): string | undefined {
      return store.getItem(FRAME_STORAGE_KEYS.email) ?? undefined
    },
    saveEmail(email: string) {
      store.setItem(FRAME_STORAGE_KEYS.email, email)
    },
    saveAddress(address: string) {
      store.setItem(FRAME_STORAGE_KEYS.address, address)
    },
    deviceShare(): StoredDeviceShare | undefined {
      return deviceShare.get()
    },
    saveDeviceShare(share: StoredDeviceShare) {
      deviceShare.set(share)
    },
    chainId(): number | undefined {
      const value = Number(store.getItem(FRAME_STORAGE_KEYS.chainId))
      return Number.isSafeInteger(value) && value > 0 ? value : undefined
    },
    saveChainId(chainId: number) {
      store.setItem(FRAME_STORAGE_KEYS.chainId, String(chainId))
    },
    socialPending(): StoredSocialPending | undefined {
      return socialPending.get()
    },
    saveSocialPending(pending: StoredSocialPending | undefined) {
      socialPending.set(pending)
    },
    social(): StoredSocialLogin | undefined {
      const value = readJson(store, FRAME_STORAGE_KEYS.social)
      if (!isRecord(value) || typeof value.provider !== 'string') return undefined
      return {
        provider: value.provider,
        userName: typeof value.userName === 'string' ? value.userName : null,
      }
    },
    saveSocial(login: StoredSocialLogin | undefined) {
      if (login) store.setItem(FRAME_STORAGE_KEYS.social, JSON.stringify(login))
      else store.removeItem(FRAME_STORAGE_KEYS.social)
    },
    /** Sign-out: the cached login data goes; the device share stays (see above). */
    clearLogin() {
      session.set(undefined)
      for (const key of [
        FRAME_STORAGE_KEYS.email,
        FRAME_STORAGE_KEYS.address,
        FRAME_STORAGE_KEYS.preferredAccountType,
        FRAME_STORAGE_KEYS.social,
      ]) {
        store.removeItem(key)
      }
    },
  }
}
export type FrameStorage = ReturnType<typeof createFrameStorage>
