// `siwx: createServerSiwx({ required })`: sign-in on our own server. This factory is what a
// page imports; the implementation (siwx/server-siwx.ts) is its own chunk, fetched the first
// time the sign-in flow asks for a session, so a page that sets `siwx` pays nothing at load.
// Without apiUrl and projectId of its own, it signs in on the server of the Portico client it
// is given to: createPorticoClient binds it with `forServer`.
import type { ServerSettings } from '../options/server-settings'
import type { ServerSiwxOptions } from './server-siwx'
import type { SiwxConfig } from './siwx-types'

export type { ServerSiwxOptions }

export interface ServerSiwx extends SiwxConfig {
  forServer(server: ServerSettings): ServerSiwx
}

export function createServerSiwx(options: ServerSiwxOptions = {}): ServerSiwx {
  let implementation: Promise<SiwxConfig> | undefined
  const load = () => {
    implementation ??= import('./server-siwx').then((module) =>
      module.createServerSiwxConfig(options),
    )
    // A chunk that failed to load is fetched again on the next call.
    implementation.catch(() => {
      implementation = undefined
    })
    return implementation
  }
  return {
    createMessage: async (input) => (await load()).createMessage(input),
    addSession: async (session) => (await load()).addSession(session),
    revokeSession: async (chainId, address) => (await load()).revokeSession(chainId, address),
    setSessions: async (sessions) => (await load()).setSessions(sessions),
    getSessions: async (chainId, address) => (await load()).getSessions(chainId, address),
    getRequired: () => options.required !== false,
    // The host's own server, when it named one, wins over the client's.
    forServer: (server) =>
      createServerSiwx({
        ...options,
        apiUrl: options.apiUrl ?? server.apiUrl,
        projectId: options.projectId ?? server.projectId,
      }),
  }
}
