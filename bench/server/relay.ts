// The relay bench's runs at several offered rates on one session (relay-session.ts: the server in
// a process of its own and 1,000 clients in pairs), after a short run that lets the JIT, the
// database and the sockets settle.
import { openRelaySession, type RelayBenchOptions, type RelayRateFigures } from './relay-session'

export type { RelayBenchOptions, RelayRateFigures } from './relay-session'

export interface RelayFigures {
  clients: number
  database: string
  fanout: string
  connectSeconds: number
  rates: RelayRateFigures[]
}

export async function measureRelay(options: RelayBenchOptions = {}): Promise<RelayFigures> {
  const rates = options.rates ?? [1_000, 2_500, 5_000]
  const seconds = options.seconds ?? 10
  // Every client is on 127.0.0.1 here: the relay's per-address limits are raised to what they
  // need (at a fixed rate a one-second window may see up to twice it after a late timer).
  const session = await openRelaySession({
    ...options,
    serverEnv: {
      PORTICO_RELAY_SOCKETS_PER_ADDRESS: String(options.clients ?? 1_000),
      PORTICO_RELAY_PUBLISHES_PER_ADDRESS: String(2 * Math.max(...rates)),
      // a message is its padding and a few dozen characters more
      PORTICO_RELAY_PUBLISH_CHARS_PER_ADDRESS: String(
        2 * Math.max(...rates) * Math.max(1_024, (options.messageChars ?? 0) + 64),
      ),
      ...options.serverEnv,
    },
  })
  try {
    await session.run(Math.min(...rates), 2)
    const figures: RelayRateFigures[] = []
    for (const rate of rates) {
      options.onRunStart?.(rate, session.serverPid)
      figures.push(await session.run(rate, seconds))
    }
    return {
      clients: session.clients,
      database: session.database,
      fanout: options.redisUrl ? 'Redis pub/sub' : 'none (one instance)',
      connectSeconds: session.connectSeconds,
      rates: figures,
    }
  } finally {
    await session.close()
  }
}
