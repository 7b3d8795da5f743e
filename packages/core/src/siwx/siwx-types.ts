// What a host plugs in to sign in with the wallet: its sign-in config (`siwx`, or the older
// `siweConfig`) and the messages and sessions the flow passes through it.
import type { SiwxMessageData } from '@portico/protocol/auth'
import type { CaipNetworkId } from '../caip'
import type { ServerSettings } from '../options/server-settings'

/** The fields of a sign-in message (docs/product.md#authentication-session): the contract's. */
export type { SiwxMessageData }

export interface SiwxSession {
  data: SiwxMessageData
  message: string
  signature: string
  cacao?: unknown
}

/** Chain-agnostic sign-in: where messages come from and sessions are kept. */
export interface SiwxConfig {
  createMessage(input: {
    accountAddress: string
    chainId: CaipNetworkId
  }): Promise<{ data: SiwxMessageData; message: string }>
  addSession(session: SiwxSession): Promise<void>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  setSessions(sessions: SiwxSession[]): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  /** Sign-in is required (the wallet is disconnected on cancel) unless this returns false. */
  getRequired?(): boolean
  /**
   * The same sign-in on a given server, unless it names its own: the Portico client passes its
   * settings here when it is created (createServerSiwx has it; a host's own config need not).
   */
  forServer?(server: ServerSettings): SiwxConfig
}

/** The older EIP-4361-only sign-in; a host sets it or `siwx`, never both. */
export interface SiweConfig {
  getNonce(address?: string): Promise<string>
  createMessage(data: SiwxMessageData): string
  verifyMessage(input: { message: string; signature: string }): Promise<boolean>
  getSession(): Promise<{ address: string; chainId: number } | null>
  signOut(): Promise<boolean>
  required?: boolean
}
