// The hostile clients of the relay abuse bench, on an event loop of their own: by default a child
// process the bench starts at the lowest CPU priority (relay-abuse-hostile-phase.ts), so that,
// as attackers on the open internet do, they pay for their own CPU with cores the server and
// the valid clients leave idle rather than with theirs; or (RELAY_ABUSE_ATTACKERS=thread) a
// worker thread of the bench, as before, whose CPU competes with the server and with the
// threads that time the valid clients. They run from the start message until the bench says
// stop; then every socket is ended and the counts go back to the bench.
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'
import type WebSocket from 'ws'
import {
  emptyCounts,
  type HostileContext,
  type HostileCounts,
  type HostileSettings,
  keyChurningPublisher,
  oversizedJwtUpgrades,
  slowReader,
} from './relay-abuse-attacks'

/** From the bench to the hostile clients (a child process gets its settings in `start`). */
export type ToHostile = { kind: 'start'; settings: HostileSettings } | { kind: 'stop' }

/** From the hostile clients to the bench. */
export type FromHostile =
  | { kind: 'started' }
  | {
      kind: 'stopped'
      counts: HostileCounts
      /** From the first attempt to the stop. */
      seconds: number
      /** Share of that time this event loop was busy. */
      busy: number
      /**
       * CPU time this thread used meanwhile, in microseconds (Linux; 0 elsewhere). In a child
       * process the bench reads the whole process's instead (the collector's threads too).
       */
      threadCpuMicros: number
      /** Loops still going after the grace period, and what ended any loop early. */
      unfinishedLoops: number
      loopErrors: string[]
    }

/** How long the loops get to wind down once their sockets are ended. */
const STOP_GRACE_MS = 3_000

/** User + system CPU time of the calling thread, in microseconds (Linux /proc; 0 elsewhere). */
function threadCpuMicros(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return 0
  }
}

interface Channel {
  post(message: FromHostile): void
  onMessage(listener: (message: ToHostile) => void): void
  /** Posts the last message, then closes the channel. */
  end(message: FromHostile): void
}

const port = parentPort
const channel: Channel | undefined = port
  ? {
      post: (message) => port.postMessage(message),
      onMessage: (listener) => port.on('message', listener),
      end(message) {
        port.postMessage(message)
        port.close()
      },
    }
  : process.send
    ? {
        post: (message) => process.send?.(message),
        onMessage: (listener) => process.on('message', listener),
        // Once the message is out: the IPC channel is what keeps this process alive.
        end: (message) => process.send?.(message, () => process.disconnect()),
      }
    : undefined
if (!channel) throw new Error('relay-abuse-hostile runs as a worker thread or a forked child')

function run(settings: HostileSettings, bench: Channel): void {
  let stopped = false
  let onStop: () => void = () => {}
  const stopping = new Promise<void>((resolve) => {
    onStop = resolve
  })
  const sockets = new Set<WebSocket>()
  const counts = emptyCounts()
  const context: HostileContext = {
    settings,
    counts,
    stopped: () => stopped,
    wait: (ms) =>
      ms <= 0
        ? Promise.resolve()
        : Promise.race([stopping, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]),
    track(socket) {
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
    },
  }

  const started = performance.now()
  const cpuAtStart = threadCpuMicros()
  const utilizationAtStart = performance.eventLoopUtilization()
  let finished = 0
  const loopErrors: string[] = []
  const loops = [
    ...Array.from({ length: settings.jwtConnections }, () => oversizedJwtUpgrades(context)),
    ...Array.from({ length: settings.slowReaders }, (_, index) => slowReader(context, index)),
    ...Array.from({ length: settings.churners }, (_, index) =>
      keyChurningPublisher(context, index),
    ),
  ].map((loop) =>
    loop
      .catch((error: unknown) => {
        loopErrors.push(String(error))
      })
      .finally(() => {
        finished += 1
      }),
  )

  bench.onMessage(async (message) => {
    if (message.kind !== 'stop') return
    const seconds = (performance.now() - started) / 1000
    const { utilization } = performance.eventLoopUtilization(utilizationAtStart)
    const cpu = threadCpuMicros() - cpuAtStart
    stopped = true
    onStop()
    for (const socket of sockets) socket.terminate()
    await Promise.race([
      Promise.allSettled(loops),
      new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS)),
    ])
    bench.end({
      kind: 'stopped',
      counts,
      seconds,
      busy: utilization,
      threadCpuMicros: cpu,
      unfinishedLoops: loops.length - finished,
      loopErrors,
    })
  })
  bench.post({ kind: 'started' })
}

if (port) {
  run(workerData as HostileSettings, channel)
} else {
  const bench = channel
  const onStart = (message: ToHostile) => {
    if (message.kind !== 'start') return
    process.off('message', onStart)
    run(message.settings, bench)
  }
  process.on('message', onStart)
}
