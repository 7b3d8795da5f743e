// Our server's API clients for a Portico client, made the first time a lazily loaded view or
// flow needs them: the page itself never loads them (a page pays only for the button).
import { createPorticoApi, type PorticoApi } from '../api/portico-api'
import type { ServerSettings } from '../options/server-settings'

export interface ApiOptionsHost {
  readonly options: ServerSettings
}

// A memo, not a source of settings: one set of API clients (and their caches) per client.
const apis = new WeakMap<ServerSettings, PorticoApi>()

export function porticoApiFor(host: ApiOptionsHost): PorticoApi {
  let api = apis.get(host.options)
  if (!api) {
    api = createPorticoApi({ apiUrl: host.options.apiUrl, projectId: host.options.projectId })
    apis.set(host.options, api)
  }
  return api
}

/** The client with its API clients, as the account and send flows take it. */
export function withApi<Client extends ApiOptionsHost>(
  client: Client,
): Client & { api: PorticoApi } {
  return { ...client, api: porticoApiFor(client) }
}
