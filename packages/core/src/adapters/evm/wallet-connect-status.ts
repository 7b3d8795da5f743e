// What the WalletConnect flow needs of wagmi beyond the seam: a connect that carries its pairing,
// and the status while a QR code waits.
import { type Config, type Connector, type ConnectParameters, connect } from '@wagmi/core'

/**
 * Connects through a connector with parameters of its own (WalletConnect's pairing), which the
 * seam's connect(walletId) does not carry.
 */
export function connectEvmConnector(
  config: Config,
  connector: Connector,
  extra: Record<string, unknown> = {},
): Promise<unknown> {
  return connect(config, { connector, ...extra } as ConnectParameters<Config>)
}

/**
 * While a QR code waits, the status stays what it was ('disconnected', or 'connected' to
 * another wallet): wagmi's connect says 'connecting' as it starts, but showing a pairing is not
 * connecting (docs/product.md#connection, issue 18).
 */
export function keepEvmStatusWhileWaiting(config: Config): void {
  config.setState((state) => ({
    ...state,
    status: state.current ? 'connected' : 'disconnected',
  }))
}

/** The wallet answered: the connection is under way until wagmi says connected. */
export function markEvmConnecting(config: Config): void {
  if (config.state.status !== 'disconnected') return
  config.setState((state) => ({ ...state, status: 'connecting' }))
}
