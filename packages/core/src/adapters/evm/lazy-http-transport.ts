// viem's HTTP transport, fetched with the first JSON-RPC request instead of with the page.
// wagmi builds a chain's client (and so calls its transport) only once something reads the
// chain, which on the connect-button page is after a click or a resumed session; viem's
// http(), though, brings its fetch client, request builder, retries and RPC error classes,
// about 2 KB gzipped the page would carry for nothing until then.
import type { EIP1193RequestFn, HttpTransport, Transport } from 'viem'
import { RPC_RETRY_BASE_DELAY_MS, RPC_RETRY_COUNT, RPC_TIMEOUT_MS } from '../../constants'

/**
 * docs/product.md#blockchain-rpc: a failed call is tried again 3 times, the delay doubling from
 * 150 ms. The statuses it retries (403, 408, 413, 429, 500, 502, 503, 504) and Retry-After are
 * viem's own rules, which are the spec's: they are not options of http().
 */
const HTTP_OPTIONS = {
  retryCount: RPC_RETRY_COUNT,
  retryDelay: RPC_RETRY_BASE_DELAY_MS,
  timeout: RPC_TIMEOUT_MS,
} as const

/** What viem's http() gives a client with those options, so the client cannot tell them apart. */
const HTTP_DESCRIPTION = {
  key: 'http',
  name: 'HTTP JSON-RPC',
  ...HTTP_OPTIONS,
  type: 'http',
} as const

/** Like viem's `http(url, HTTP_OPTIONS)`; the real transport is built on the first request. */
export function lazyHttp(url: string): HttpTransport {
  const transport: Transport<'http'> = (parameters) => {
    let loading: Promise<ReturnType<HttpTransport>> | undefined
    const load = () => {
      loading ??= import('./http-transport').then(({ http }) => http(url, HTTP_OPTIONS)(parameters))
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
      config: { ...HTTP_DESCRIPTION, methods: undefined, request: bareRequest },
      request,
      value: { fetchOptions: undefined, url },
    }
  }
  return transport as HttpTransport
}
