// Our server's APIs for one page, made from the options a host gives (apiUrl, projectId): the
// client keeps one and hands each part to whoever needs it.
import { type BlockchainApi, createBlockchainApi } from './blockchain'
import { createHttpClient, type HttpClient } from './http'
import { createNamesApi, type NamesApi } from './names'
import { createTelemetry, type TelemetryApi } from './telemetry'
import { createWalletsApi, type WalletsApi } from './wallets'

export interface PorticoApi {
  http: HttpClient
  blockchain: BlockchainApi
  wallets: WalletsApi
  names: NamesApi
  telemetry: TelemetryApi
}

export function createPorticoApi(options: {
  apiUrl: string
  projectId: string
  fetch?: typeof fetch
  onAlert?: (alert: string) => void
}): PorticoApi {
  const http = createHttpClient({
    baseUrl: options.apiUrl,
    projectId: options.projectId,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onAlert ? { onAlert: options.onAlert } : {}),
  })
  return {
    http,
    blockchain: createBlockchainApi(http),
    wallets: createWalletsApi(http),
    names: createNamesApi(http),
    telemetry: createTelemetry(http),
  }
}
