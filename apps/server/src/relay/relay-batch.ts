// Writes that arrive one by one, made in batches: items queue until the next turn of the event
// loop, then go in one statement; while a batch is being written the next one gathers. Each
// caller's promise settles when the batch holding its item is written, so a publish is still
// answered only once its message is stored. Under load batches grow, and the database sees a
// few large statements a second instead of one per message.

interface Queued<T> {
  item: T
  resolve: () => void
  reject: (error: unknown) => void
}

export class BatchWriter<T> {
  #queue: Queued<T>[] = []
  #writing: Promise<void> | undefined
  #scheduled = false

  constructor(
    readonly write: (items: T[]) => Promise<void>,
    /** Most items in one statement (bounds its size); the rest wait for the next. */
    readonly maxBatch = 1_000,
    /**
     * How long a batch gathers before it is written (0: until the next turn). Worth some ms
     * where each statement has a fixed cost of its own (PGlite), so that at a moderate rate
     * not every message takes a statement to itself.
     */
    readonly gatherMs = 0,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ item, resolve, reject })
      this.#schedule()
    })
  }

  /** Resolves once everything queued so far is written (or has failed). */
  async drain(): Promise<void> {
    while (this.#writing || this.#queue.length > 0) {
      if (!this.#writing) this.#flush()
      await this.#writing
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#writing) return
    this.#scheduled = true
    const flush = () => {
      this.#scheduled = false
      if (!this.#writing) this.#flush()
    }
    // A full batch waiting does not gather: the writes would fall behind the rate.
    if (this.gatherMs > 0 && this.#queue.length < this.maxBatch) setTimeout(flush, this.gatherMs)
    else setImmediate(flush)
  }

  #flush(): void {
    const batch = this.#queue.splice(0, this.maxBatch)
    if (batch.length === 0) return
    this.#writing = this.write(batch.map((queued) => queued.item))
      .then(
        () => {
          for (const queued of batch) queued.resolve()
        },
        async (error: unknown) => {
          if (batch.length === 1) return batch[0]?.reject(error)
          // One bad item must not fail its neighbours: each is tried on its own.
          for (const queued of batch) {
            await this.write([queued.item]).then(queued.resolve, queued.reject)
          }
        },
      )
      .finally(() => {
        this.#writing = undefined
        // What queued meanwhile goes next (at once if it is a full batch, see #schedule).
        if (this.#queue.length > 0) this.#schedule()
      })
  }
}
