// Back-dates a devnet's seeded history: the chain starts SEEDED_HISTORY_SECONDS in the past and
// each seeded block lands SEEDED_BLOCK_INTERVAL_SECONDS after the one before, then the clock
// returns to wall time. Besides giving history plausible dates, fixed block spacing keeps gas use
// deterministic: a Uniswap pair writes its price accumulators only when time has passed since
// its last update, so same-second blocks would cost less gas on some runs than on others.
import { createClient, http, rpcSchema } from 'viem'
import { SEEDED_BLOCK_INTERVAL_SECONDS, SEEDED_HISTORY_SECONDS } from './constants'

type AnvilClockSchema = [
  { Method: 'anvil_setBlockTimestampInterval'; Parameters: [seconds: number]; ReturnType: null },
  { Method: 'anvil_removeBlockTimestampInterval'; Parameters: []; ReturnType: boolean },
  { Method: 'evm_setTime'; Parameters: [timestamp: number]; ReturnType: number },
]

function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

/** The genesis timestamp to start anvil with (`--timestamp`). */
export function historyGenesisTimestamp(now = nowInSeconds()): number {
  return now - SEEDED_HISTORY_SECONDS
}

export interface ChainClock {
  /** From now on, each block is SEEDED_BLOCK_INTERVAL_SECONDS after the previous one. */
  spaceSeededBlocks(): Promise<void>
  /** Blocks mined from now on carry wall-clock time again. */
  resumeWallClock(): Promise<void>
}

export function createChainClock(rpcUrl: string): ChainClock {
  const client = createClient({
    transport: http(rpcUrl, { retryCount: 0 }),
    rpcSchema: rpcSchema<AnvilClockSchema>(),
  })
  return {
    async spaceSeededBlocks() {
      await client.request({
        method: 'anvil_setBlockTimestampInterval',
        params: [SEEDED_BLOCK_INTERVAL_SECONDS],
      })
    },
    async resumeWallClock() {
      await client.request({ method: 'anvil_removeBlockTimestampInterval', params: [] })
      await client.request({ method: 'evm_setTime', params: [nowInSeconds()] })
    },
  }
}
