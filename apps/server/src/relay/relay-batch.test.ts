import { describe, expect, it } from 'vitest'
import { BatchWriter } from './relay-batch'

describe('BatchWriter', () => {
  it('writes what queued in one turn as one batch and answers each caller once it is written', async () => {
    const writes: number[][] = []
    let finishWrite: () => void = () => {}
    const writer = new BatchWriter<number>((items) => {
      writes.push(items)
      return new Promise<void>((resolve) => {
        finishWrite = resolve
      })
    })
    let answered = 0
    const callers = Array.from({ length: 100 }, (_, item) =>
      writer.add(item).then(() => {
        answered += 1
      }),
    )
    await new Promise((resolve) => setImmediate(resolve))
    expect(writes).toEqual([Array.from({ length: 100 }, (_, item) => item)])
    expect(answered).toBe(0)
    finishWrite()
    await Promise.all(callers)
    expect(answered).toBe(100)
  })

  it('tries each item of a failed batch on its own, so one bad item fails only its caller', async () => {
    const writer = new BatchWriter<number>(async (items) => {
      if (items.includes(13)) throw new Error(`bad item in ${items.length}`)
    })
    const results = await Promise.allSettled([12, 13, 14].map((item) => writer.add(item)))
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('bad item in 1'))
  })
})
