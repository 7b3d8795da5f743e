// Our server's APIs for one page, made from the options a host gives (apiUrl, projectId): the
// client keeps one and hands each part to whoever needs it.
import { type BlockchainApi, createBlockchainApi } from './blockchain'
import { createHttpClient, type HttpClient } from './http'
import { createTelemetry, type TelemetryApi } from './telemetry'
import { createWalletsApi, type WalletsApi } from './wallets'

export interface PorticoApi {
  http: HttpClient
  blockchain: BlockchainApi
  wallets: WalletsApi
  telemetry: TelemetryApi
}

export function createPorticoApi(options: {
  apiUrl: string
  projectId: string
  fetch?: typeof fetch
}): PorticoApi {
  const http = createHttpClient({
    baseUrl: options.apiUrl,
    projectId: options.projectId,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  return {
    http,
    blockchain: createBlockchainApi(http),
    wallets: createWalletsApi(http),
    telemetry: createTelemetry(http),
  }
}
