// Waiting for a bench worker thread's next message of a kind (the relay benches' workers speak
// in `{ kind, ... }` messages).
import type { Worker } from 'node:worker_threads'

/** The worker's next message of `kind`; rejects if the worker fails first. */
export function nextMessage<Message extends { kind: string }, Kind extends Message['kind']>(
  worker: Worker,
  kind: Kind,
): Promise<Extract<Message, { kind: Kind }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Message) => {
      if (message.kind !== kind) return
      worker.off('message', onMessage)
      worker.off('error', reject)
      resolve(message as Extract<Message, { kind: Kind }>)
    }
    worker.on('message', onMessage)
    worker.once('error', reject)
  })
}
