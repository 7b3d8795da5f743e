// What the EVM adapter does when asked (connect, disconnect, switch network). A module of its
// own, loaded with the client's actions once a view asks for one: the page needs only the
// adapter's state sync up front.
import { type Config, connect, disconnect, switchChain } from '@wagmi/core'
import { PorticoError } from '../../errors/portico-error'
import type { CaipNetwork } from '../../networks'

export class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor() {
    super('Address or auth connector not found')
  }
}

export async function connectEvm(config: Config, connectorId: string): Promise<void> {
  const connector = config.connectors.find((entry) => entry.id === connectorId)
  if (!connector) throw new ConnectorNotFoundError()
  await connect(config, { connector })
}

export async function disconnectEvm(config: Config): Promise<void> {
  await disconnect(config)
}

export async function switchEvmNetwork(config: Config, network: CaipNetwork): Promise<void> {
  await switchChain(config, { chainId: Number(network.id) })
}
