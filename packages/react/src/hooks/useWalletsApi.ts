import { createWalletsApi, type PorticoClient, type WalletsApi } from '@portico/core'
import { usePorticoClient } from '../context'

// One Wallet API client per Portico client, made the first time a view needs it: the page
// itself never loads it (createPorticoClient.ts keeps only the balance client).
const apis = new WeakMap<PorticoClient, WalletsApi>()

export function walletsApiFor(client: PorticoClient): WalletsApi {
  let api = apis.get(client)
  if (!api) {
    api = createWalletsApi(client.api.http)
    apis.set(client, api)
  }
  return api
}

export function useWalletsApi(): WalletsApi {
  return walletsApiFor(usePorticoClient())
}
