// viem's HTTP transport, fetched with the first JSON-RPC request instead of with the page.
// wagmi builds a chain's client (and so calls its transport) only once something reads the
// chain, which on the connect-button page is after a click or a resumed session; viem's
// http(), though, brings its fetch client, request builder, retries and RPC error classes,
// about 2 KB gzipped the page would carry for nothing until then.
import type { EIP1193RequestFn, HttpTransport, Transport } from 'viem'

/** What viem's http() gives a client; the same defaults, so the client cannot tell them apart. */
const HTTP_DEFAULTS = {
  key: 'http',
  name: 'HTTP JSON-RPC',
  retryCount: 3,
  retryDelay: 150,
  timeout: 10_000,
  type: 'http',
} as const

/** Like viem's `http(url)`; the real transport is built on the first request and kept. */
export function lazyHttp(url: string): HttpTransport {
  const transport: Transport<'http'> = (parameters) => {
    let loading: Promise<ReturnType<HttpTransport>> | undefined
    const load = () => {
      loading ??= import('./http-transport').then(({ http }) => http(url)(parameters))
      // A chunk that failed to arrive (offline, a new deploy) is fetched again next time.
      loading.catch(() => {
        loading = undefined
      })
      return loading
    }
    // The client's request goes through viem's request builder (retries, errors) once loaded;
    // the config's one is the bare request, as createTransport keeps it.
    const request = (async (args, options) =>
      (await load()).request(args, options)) as EIP1193RequestFn
    const bareRequest = (async (args, options) =>
      (await load()).config.request(args, options)) as EIP1193RequestFn
    return {
      config: { ...HTTP_DEFAULTS, methods: undefined, request: bareRequest },
      request,
      value: { fetchOptions: undefined, url },
    }
  }
  return transport as HttpTransport
}
