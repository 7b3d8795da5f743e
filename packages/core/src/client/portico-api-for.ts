// Our server's API clients for a Portico client, made the first time a lazily loaded view or
// flow needs them: the page itself never loads them (a page pays only for the button).
import { createPorticoApi, type PorticoApi } from '../api/portico-api'
import type { ServerSettings } from '../options/server-settings'
import { showError, toastStore } from '../state/toast'

export interface ApiOptionsHost {
  readonly options: ServerSettings
}

// A memo, not a source of settings: one set of API clients (and their caches) per client.
const apis = new WeakMap<ServerSettings, PorticoApi>()

export function porticoApiFor(host: ApiOptionsHost): PorticoApi {
  let api = apis.get(host.options)
  if (!api) {
    api = createPorticoApi({
      apiUrl: host.options.apiUrl,
      projectId: host.options.projectId,
      // The server does not know the project, or refuses the page's origin: the modal says so,
      // once for the several calls refused together.
      onAlert: (alert) => {
        const toast = toastStore.get()
        if (!toast.open || toast.message !== alert) showError(alert)
      },
    })
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
