// The hostile clients of the relay abuse bench in a worker thread of their own, so their work
// never runs on the event loops that send and time the valid clients' messages (relay-session.ts,
// relay-receivers.ts). They run from when the thread starts until the bench says stop; then
// every socket is ended and the counts go back to the bench.
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

/** From the bench to this worker. */
export type ToHostile = { kind: 'stop' }

/** From this worker to the bench. */
export type FromHostile =
  | { kind: 'started' }
  | {
      kind: 'stopped'
      counts: HostileCounts
      /** From the first attempt to the stop. */
      seconds: number
      /** Share of that time this thread's event loop was busy. */
      busy: number
      /** Loops still going after the grace period, and what ended any loop early. */
      unfinishedLoops: number
      loopErrors: string[]
    }

/** How long the loops get to wind down once their sockets are ended. */
const STOP_GRACE_MS = 3_000

const settings = workerData as HostileSettings
const port = parentPort
if (!port) throw new Error('relay-abuse-hostile runs as a worker thread')
const post = (message: FromHostile) => port.postMessage(message)

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
const utilizationAtStart = performance.eventLoopUtilization()
let finished = 0
const loopErrors: string[] = []
const loops = [
  ...Array.from({ length: settings.jwtConnections }, () => oversizedJwtUpgrades(context)),
  ...Array.from({ length: settings.slowReaders }, (_, index) => slowReader(context, index)),
  ...Array.from({ length: settings.churners }, (_, index) => keyChurningPublisher(context, index)),
].map((loop) =>
  loop
    .catch((error: unknown) => {
      loopErrors.push(String(error))
    })
    .finally(() => {
      finished += 1
    }),
)

port.on('message', async (message: ToHostile) => {
  if (message.kind !== 'stop') return
  const seconds = (performance.now() - started) / 1000
  const { utilization } = performance.eventLoopUtilization(utilizationAtStart)
  stopped = true
  onStop()
  for (const socket of sockets) socket.terminate()
  await Promise.race([
    Promise.allSettled(loops),
    new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS)),
  ])
  post({
    kind: 'stopped',
    counts,
    seconds,
    busy: utilization,
    unfinishedLoops: loops.length - finished,
    loopErrors,
  })
  port.close()
})

post({ kind: 'started' })
