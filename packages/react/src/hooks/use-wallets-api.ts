import { type PorticoClient, porticoApiFor, type WalletsApi } from '@portico/core'
import { usePorticoClient } from '../context'

/** The Wallet API client, made the first time a view needs it (never by the page itself). */
export function walletsApiFor(client: PorticoClient): WalletsApi {
  return porticoApiFor(client).wallets
}

export function useWalletsApi(): WalletsApi {
  return walletsApiFor(usePorticoClient())
}
