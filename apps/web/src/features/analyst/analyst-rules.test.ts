import { zoneShares } from '@areia/contracts/analysis'
import { describe, expect, it } from 'vitest'
import { trackedPlayer } from './analyst-fixtures'
import { formatClock, formatKmh, moveCorner, roundAt } from './analyst-rules'

const round = (t: number) => ({ t, frame: Math.round(t * 30), boxes: [] })

describe('analyst rules', () => {
  it('finds the last detection round at or before a time', () => {
    const rounds = [round(0.5), round(1), round(1.5), round(2)]
    expect(roundAt(rounds, 0.2)).toBeNull()
    expect(roundAt(rounds, 1)?.t).toBe(1)
    expect(roundAt(rounds, 1.49)?.t).toBe(1)
    expect(roundAt(rounds, 99)?.t).toBe(2)
    expect(roundAt([], 1)).toBeNull()
  })

  it('keeps a moved corner inside the image, in whole pixels', () => {
    const corners = [
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
      { x: 4, y: 4 },
    ] as const
    const moved = moveCorner([...corners], 2, { x: -5.2, y: 800.7 }, 1280, 720)
    expect(moved[2]).toEqual({ x: 0, y: 720 })
    expect(moved[0]).toEqual({ x: 1, y: 1 })
    expect(moveCorner([...corners], 1, { x: 10.6, y: 20.2 }, 1280, 720)[1]).toEqual({
      x: 11,
      y: 20,
    })
  })

  it('turns zone times into whole percents of the tracked time', () => {
    expect(zoneShares(trackedPlayer(1))).toEqual({ net: 25, mid: 25, back: 50 })
    const still = trackedPlayer(2, {
      time_near_net_sec: { value: 0, frames: [] },
      time_mid_sec: { value: 0, frames: [] },
      time_back_sec: { value: 0, frames: [] },
    })
    expect(zoneShares(still)).toEqual({ net: 0, mid: 0, back: 0 })
  })

  it('formats clocks and speeds in pt-BR', () => {
    expect(formatClock(65.9)).toBe('1:05')
    expect(formatClock(3725)).toBe('1:02:05')
    expect(formatKmh(1.5)).toBe('5,4 km/h')
  })
})
