// Our server and the project that calls it, as createPortico was given them. Every client of
// our server (the RPC proxy in wagmi's transports, the API clients, the WalletConnect relay,
// the default sign-in) is made from the Portico client's own settings, passed down with it:
// none keeps a copy of its own.

export interface ServerSettings {
  /** The server's base URL, without a trailing slash. */
  readonly apiUrl: string
  readonly projectId: string
}
