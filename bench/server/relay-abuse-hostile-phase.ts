// One hostile phase of the abuse bench: the hostile clients start in a worker thread of their
// own (relay-abuse-hostile.ts), get `rampSeconds` to subscribe and fill up, then the valid
// clients run timed while they go on; then they stop and their counts come back. A phase's
// counts add up over the pairs.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Worker } from 'node:worker_threads'
import { startTypeScriptWorker } from '@portico/server/testing'
import type { HostileCounts, HostileSettings, Outcomes } from './relay-abuse-attacks'
import type { FromHostile, ToHostile } from './relay-abuse-hostile'
import type { RelaySession } from './relay-session'
import { nextMessage } from './relay-worker-message'

export type HostileStopped = Omit<Extract<FromHostile, { kind: 'stopped' }>, 'kind'>

export async function hostilePhase(
  session: RelaySession,
  settings: HostileSettings,
  timing: { rate: number; seconds: number; rampSeconds: number },
) {
  const worker: Worker = startTypeScriptWorker(
    new URL('./relay-abuse-hostile.ts', import.meta.url),
    settings,
  )
  try {
    await nextMessage<FromHostile, 'started'>(worker, 'started')
    await sleep(timing.rampSeconds * 1000)
    const run = await session.run(timing.rate, timing.seconds)
    const answer = nextMessage<FromHostile, 'stopped'>(worker, 'stopped')
    worker.postMessage({ kind: 'stop' } satisfies ToHostile)
    const { kind: _, ...stopped } = await answer
    return { run, stopped }
  } finally {
    await worker.terminate()
  }
}

function addOutcomes(total: Outcomes, more: Outcomes): Outcomes {
  const sum = { ...total }
  for (const [outcome, times] of Object.entries(more)) sum[outcome] = (sum[outcome] ?? 0) + times
  return sum
}

function addCounts(a: HostileCounts, b: HostileCounts): HostileCounts {
  return {
    oversizedJwt: {
      attempts: a.oversizedJwt.attempts + b.oversizedJwt.attempts,
      outcomes: addOutcomes(a.oversizedJwt.outcomes, b.oversizedJwt.outcomes),
    },
    slowReaders: {
      connections: a.slowReaders.connections + b.slowReaders.connections,
      refused: addOutcomes(a.slowReaders.refused, b.slowReaders.refused),
      ends: addOutcomes(a.slowReaders.ends, b.slowReaders.ends),
    },
    churn: {
      keys: a.churn.keys + b.churn.keys,
      refusedUpgrades: addOutcomes(a.churn.refusedUpgrades, b.churn.refusedUpgrades),
      published: a.churn.published + b.churn.published,
      accepted: a.churn.accepted + b.churn.accepted,
      refused: addOutcomes(a.churn.refused, b.churn.refused),
    },
  }
}

/** All phases as one: counts and seconds added, the busy share weighted by each phase's time. */
export function addPhases(phases: readonly HostileStopped[]): HostileStopped {
  const seconds = phases.reduce((sum, phase) => sum + phase.seconds, 0)
  return {
    counts: phases.map((phase) => phase.counts).reduce(addCounts),
    seconds,
    busy: phases.reduce((sum, phase) => sum + phase.busy * phase.seconds, 0) / seconds,
    unfinishedLoops: phases.reduce((sum, phase) => sum + phase.unfinishedLoops, 0),
    loopErrors: phases.flatMap((phase) => phase.loopErrors),
  }
}
