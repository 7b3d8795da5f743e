import { describe, expect, it } from 'vitest'
import { PingWheel } from './relay-ping-wheel'

function wheelOf(slotCount: number) {
  const due: number[] = []
  const wheel = new PingWheel<number>(slotCount, (item) => due.push(item))
  let turns = 0
  const turn = (count = 1) => {
    due.length = 0
    turns += count
    wheel.turnTo(turns)
    return [...due]
  }
  return { wheel, turn }
}

describe('PingWheel', () => {
  it('spreads sockets that join at once over the interval, each due once per interval', () => {
    const { wheel, turn } = wheelOf(80)
    for (let socket = 0; socket < 1_000; socket++) wheel.add(socket)
    const seen = new Map<number, number>()
    for (let step = 0; step < 160; step++) {
      const due = turn()
      // 1,000 over 80 turns: 12 or 13 a turn, not 1,000 in one
      expect(due.length).toBeGreaterThanOrEqual(12)
      expect(due.length).toBeLessThanOrEqual(13)
      for (const socket of due) seen.set(socket, (seen.get(socket) ?? 0) + 1)
    }
    expect(seen.size).toBe(1_000)
    expect(new Set(seen.values())).toEqual(new Set([2]))
  })

  it('makes a lone socket wait a full interval for its first ping', () => {
    const { wheel, turn } = wheelOf(4)
    turn()
    wheel.add(7)
    expect([turn(), turn(), turn(), turn(), turn()]).toEqual([[], [], [], [7], []])
  })

  it('catches up on the turns a late timer missed, so no ping comes later than its interval', () => {
    const { wheel, turn } = wheelOf(4)
    for (let socket = 0; socket < 4; socket++) wheel.add(socket)
    // one socket a slot; the loop was stalled for three turns: three slots are due at once
    expect(turn(3)).toEqual([1, 2, 3])
    expect(turn()).toEqual([0])
    // and each is due again one interval (four turns) after its last ping, not later
    expect(turn(3)).toEqual([1, 2, 3])
  })

  it('after a stall of more than an interval hands each socket out once, not twice', () => {
    const { wheel, turn } = wheelOf(4)
    for (let socket = 0; socket < 4; socket++) wheel.add(socket)
    expect(turn(9).sort()).toEqual([0, 1, 2, 3])
    expect(turn()).toHaveLength(1)
  })

  it('hands out no socket once it is removed', () => {
    const { wheel, turn } = wheelOf(2)
    wheel.add(1)
    wheel.add(2)
    wheel.remove(1)
    expect([...turn(), ...turn(), ...turn()]).toEqual([2, 2])
  })
})
