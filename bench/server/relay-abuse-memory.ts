// The relay server's memory as the abuse bench reads it: the probe preloaded in the server
// (relay-abuse-memory-probe.mjs) writes a reading four times a second; the bench reads the
// latest, watches the peak over a phase, or asks for one taken right after a full collection.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

export const memoryProbePath = new URL('./relay-abuse-memory-probe.mjs', import.meta.url).pathname

/** In MB (10^6 bytes). */
export interface ServerMemory {
  /** Resident set of the whole server process, PGlite's thread included. */
  rssMb: number
  /** The server's main thread: V8 heap in use. */
  heapUsedMb: number
  /** Memory outside the heap that its objects hold (Buffers). */
  externalMb: number
}

interface ProbeReading {
  reading: number
  collected: boolean
  rss: number
  heapUsed: number
  external: number
}

const SAMPLE_EVERY_MS = 250
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10

export class ServerMemoryProbe {
  constructor(readonly file: string) {}

  /** The server's environment and Node options that load the probe. */
  serverEnv(): NodeJS.ProcessEnv {
    return { RELAY_ABUSE_MEMORY_FILE: this.file }
  }

  static readonly nodeOptions = [`--import ${memoryProbePath}`, '--expose-gc']

  #read(): ProbeReading | undefined {
    if (!existsSync(this.file)) return undefined
    return JSON.parse(readFileSync(this.file, 'utf8')) as ProbeReading
  }

  /** The latest reading, collector left alone. */
  live(): ServerMemory | undefined {
    const reading = this.#read()
    return reading && toMemory(reading)
  }

  /**
   * A reading taken right after a full collection in the server. A request the server took
   * without answering it (once, under load, none came in 5 s) is made again.
   */
  async afterFullGc(timeoutMs = 15_000): Promise<ServerMemory> {
    const request = `${this.file}.gc`
    const deadline = Date.now() + timeoutMs
    let asked = this.#read()?.reading ?? 0
    let askedAt = Date.now()
    writeFileSync(request, '')
    for (;;) {
      const reading = this.#read()
      if (reading?.collected && reading.reading > asked) return toMemory(reading)
      if (Date.now() > deadline) throw new Error('the server took no collected memory reading')
      if (!existsSync(request) && Date.now() - askedAt > 4 * SAMPLE_EVERY_MS) {
        asked = reading?.reading ?? 0
        askedAt = Date.now()
        writeFileSync(request, '')
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS / 5))
    }
  }

  /** Reads the live figures until `stop`, which answers the highest of each seen meanwhile. */
  watchPeak(): { stop(): ServerMemory } {
    const peak: ServerMemory = { rssMb: 0, heapUsedMb: 0, externalMb: 0 }
    const sample = () => {
      const now = this.live()
      if (!now) return
      peak.rssMb = Math.max(peak.rssMb, now.rssMb)
      peak.heapUsedMb = Math.max(peak.heapUsedMb, now.heapUsedMb)
      peak.externalMb = Math.max(peak.externalMb, now.externalMb)
    }
    const timer = setInterval(sample, SAMPLE_EVERY_MS)
    return {
      stop() {
        clearInterval(timer)
        sample()
        return peak
      },
    }
  }
}

function toMemory(reading: ProbeReading): ServerMemory {
  return {
    rssMb: mb(reading.rss),
    heapUsedMb: mb(reading.heapUsed),
    externalMb: mb(reading.external),
  }
}
