// One hostile phase of the abuse bench: the hostile clients start (relay-abuse-hostile.ts), get
// `rampSeconds` to subscribe and fill up, then the valid clients run timed while they go on;
// then they stop and their counts come back. A phase's counts add up over the pairs.
//
// Where they run is `placement`. 'process' (the default): a child process under SCHED_IDLE
// (util-linux's chrt) and nice 19, so it runs on what CPU the server and the valid clients leave
// idle, as an attacker on another machine costs this one none of its own CPU. SCHED_IDLE rather
// than nice 19 alone: the kernel (EEVDF) lets a running nice-19 thread finish its slice before a
// woken thread takes the core, a few ms that land in the valid clients' p99 (the server's PGlite
// thread runs SCHED_IDLE for that reason, db/thread-priority.ts); and a nice-19 attacker would
// take the core from that PGlite thread. 'thread': a worker thread of the bench at normal
// priority, as before, its CPU taken from the server and from the threads that time the valid
// clients. Either way the bench prints the attack rates achieved against those offered.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import type { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import type { Worker } from 'node:worker_threads'
import { startTypeScriptWorker } from '@portico/server/testing'
import type { HostileCounts, HostileSettings, Outcomes } from './relay-abuse-attacks'
import type { FromHostile, ToHostile } from './relay-abuse-hostile'
import { processCpuMicros } from './relay-measures'
import type { RelaySession } from './relay-session'

export type AttackerPlacement = 'process' | 'thread'

export type HostileStopped = Omit<
  Extract<FromHostile, { kind: 'stopped' }>,
  'kind' | 'threadCpuMicros'
> & {
  /** CPU the hostile clients used from their start to the stop, in microseconds. */
  cpuMicros: number
}

const hostileModule = new URL('./relay-abuse-hostile.ts', import.meta.url)
const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** Waits for the next message of `kind` from a worker or a child; rejects if it fails first. */
function nextMessage<Kind extends FromHostile['kind']>(
  emitter: EventEmitter,
  kind: Kind,
): Promise<Extract<FromHostile, { kind: Kind }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromHostile) => {
      if (message.kind !== kind) return
      done()
      resolve(message as Extract<FromHostile, { kind: Kind }>)
    }
    const onExit = (code: number | null) => {
      done()
      reject(new Error(`the hostile clients exited (${code}) before '${kind}'`))
    }
    const done = () => {
      emitter.off('message', onMessage)
      emitter.off('error', reject)
      emitter.off('exit', onExit)
    }
    emitter.on('message', onMessage)
    emitter.once('error', reject)
    emitter.once('exit', onExit)
  })
}

let idleCommand: string[] | undefined
/** `chrt --idle 0` where util-linux has it, then `nice -n 19`: inherited by every thread. */
function lowestPriorityCommand(): string[] {
  if (!idleCommand) {
    let chrt = true
    try {
      execFileSync('chrt', ['--version'], { stdio: 'ignore' })
    } catch {
      chrt = false
    }
    idleCommand = [...(chrt ? ['chrt', '--idle', '0'] : []), 'nice', '-n', '19']
  }
  return idleCommand
}

/** A process's scheduling as Linux has it, e.g. "SCHED_IDLE, nice 19". */
export function schedulingOf(pid: number | undefined): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // nice and policy are fields 19 and 41 of the whole line
    const policy = Number(fields[38]) === 5 ? 'SCHED_IDLE' : `policy ${fields[38]}`
    return `${policy}, nice ${fields[16]}`
  } catch {
    return 'scheduling unknown'
  }
}

interface Attackers {
  emitter: EventEmitter
  send(message: ToHostile): void
  /** Their CPU so far, in microseconds, where the bench can read it from outside (a child). */
  cpuMicros(): number | undefined
  /** How they are scheduled; read once they run (`chrt` and `nice` have exec'd node by then). */
  scheduling(): string
  end(): Promise<void>
}

function startAttackers(placement: AttackerPlacement, settings: HostileSettings): Attackers {
  if (placement === 'thread') {
    const worker: Worker = startTypeScriptWorker(hostileModule, settings)
    return {
      emitter: worker,
      send: (message) => worker.postMessage(message),
      cpuMicros: () => undefined,
      scheduling: () => 'a worker thread of the bench at normal priority',
      end: () => worker.terminate().then(() => undefined),
    }
  }
  const [command = 'nice', ...prefix] = lowestPriorityCommand()
  const child: ChildProcess = spawn(
    command,
    [...prefix, process.execPath, '--import', 'tsx', fileURLToPath(hostileModule)],
    { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  child.send({ kind: 'start', settings } satisfies ToHostile)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    emitter: child,
    send: (message) => child.send(message),
    cpuMicros: () => processCpuMicros(child.pid),
    scheduling: () => `a child process, ${schedulingOf(child.pid)}`,
    async end() {
      if (child.exitCode === null && child.signalCode === null) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
        await exited
        clearTimeout(timer)
      }
    },
  }
}

export async function hostilePhase(
  session: RelaySession,
  settings: HostileSettings,
  timing: { rate: number; seconds: number; rampSeconds: number },
  placement: AttackerPlacement,
) {
  const attackers = startAttackers(placement, settings)
  try {
    await nextMessage(attackers.emitter, 'started')
    const cpuAtStart = attackers.cpuMicros()
    const scheduling = attackers.scheduling()
    await sleep(timing.rampSeconds * 1000)
    const run = await session.run(timing.rate, timing.seconds)
    const answer = nextMessage(attackers.emitter, 'stopped')
    const cpuAtStop = attackers.cpuMicros()
    attackers.send({ kind: 'stop' })
    const { kind: _, threadCpuMicros, ...stopped } = await answer
    const cpuMicros =
      cpuAtStart === undefined || cpuAtStop === undefined ? threadCpuMicros : cpuAtStop - cpuAtStart
    return { run, stopped: { ...stopped, cpuMicros }, scheduling }
  } finally {
    await attackers.end()
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
      heldMs: a.slowReaders.heldMs + b.slowReaders.heldMs,
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

/** All phases as one: counts, seconds and CPU added, the busy share weighted by each phase's time. */
export function addPhases(phases: readonly HostileStopped[]): HostileStopped {
  const seconds = phases.reduce((sum, phase) => sum + phase.seconds, 0)
  return {
    counts: phases.map((phase) => phase.counts).reduce(addCounts),
    seconds,
    busy: phases.reduce((sum, phase) => sum + phase.busy * phase.seconds, 0) / seconds,
    cpuMicros: phases.reduce((sum, phase) => sum + phase.cpuMicros, 0),
    unfinishedLoops: phases.reduce((sum, phase) => sum + phase.unfinishedLoops, 0),
    loopErrors: phases.flatMap((phase) => phase.loopErrors),
  }
}
