// What the frame keeps in its origin's localStorage, under our '@portico-wallet/' prefix (spec
// section 3's wallet-frame keys). The host page cannot read it: another origin's storage.
// Sign-out clears the login data (session, e-mail, address) and keeps the device share, which
// alone gives nothing and saves the next login on this browser a recovery.
import type { EmbeddedSession } from '@portico/protocol/embedded-wallet-api'

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

export function createFrameStorage(store: KeyValueStore, now: () => number = Date.now) {
  return {
    /** The session, unless missing, malformed or expired. */
    session(): StoredSession | undefined {
      const value = readJson(store, FRAME_STORAGE_KEYS.session)
      if (!isRecord(value) || typeof value.token !== 'string') return undefined
      if (typeof value.expiresAt !== 'string') return undefined
      if (!(Date.parse(value.expiresAt) > now())) return undefined
      return { token: value.token, expiresAt: value.expiresAt }
    },
    saveLogin(session: StoredSession, email: string) {
      store.setItem(FRAME_STORAGE_KEYS.session, JSON.stringify(session))
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
      const value = readJson(store, FRAME_STORAGE_KEYS.deviceShare)
      if (!isRecord(value) || typeof value.address !== 'string') return undefined
      if (typeof value.share !== 'string') return undefined
      return { address: value.address, share: value.share }
    },
    saveDeviceShare(share: StoredDeviceShare) {
      store.setItem(FRAME_STORAGE_KEYS.deviceShare, JSON.stringify(share))
    },
    chainId(): number | undefined {
      const value = Number(store.getItem(FRAME_STORAGE_KEYS.chainId))
      return Number.isSafeInteger(value) && value > 0 ? value : undefined
    },
    saveChainId(chainId: number) {
      store.setItem(FRAME_STORAGE_KEYS.chainId, String(chainId))
    },
    socialPending(): StoredSocialPending | undefined {
      const value = readJson(store, FRAME_STORAGE_KEYS.socialPending)
      if (!isRecord(value) || typeof value.provider !== 'string') return undefined
      if (typeof value.state !== 'string' || typeof value.redeemSecret !== 'string')
        return undefined
      return { provider: value.provider, state: value.state, redeemSecret: value.redeemSecret }
    },
    saveSocialPending(pending: StoredSocialPending | undefined) {
      if (pending) store.setItem(FRAME_STORAGE_KEYS.socialPending, JSON.stringify(pending))
      else store.removeItem(FRAME_STORAGE_KEYS.socialPending)
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
      for (const key of [
        FRAME_STORAGE_KEYS.session,
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
