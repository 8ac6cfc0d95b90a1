import { describe, expect, it } from 'vitest'
import { strikeSpans } from '../src/audio.js'
import { findServe, stanceRounds, stanceTells, type PlayerRound } from '../src/play.js'
import { segmentRallies } from '../src/rallies.js'

const UPRIGHT = { w: 30, h: 100 }
const READY = { w: 60, h: 100 }

/**
 * Two detection rounds a second for 30 s. The serve formation holds everyone still at 2–5 s
 * (near player 2 deep behind the baseline on the right, far player 4 deep on the left), a rally
 * of ready stances and running follows until 14 s, then the four walk upright until the end.
 */
function match(): PlayerRound[] {
  const rounds: PlayerRound[] = []
  for (let k = 0; k < 60; k++) {
    const t = k / 2
    const inRally = t >= 5 && t < 14
    const walking = t >= 14
    const home = [
      { x: 3, y: 5 },
      { x: 6, y: -0.2 },
      { x: 5, y: 12 },
      { x: 2, y: 16.1 },
    ]
    rounds.push({
      t,
      boxes: home.map((p, i) => {
        // In the rally players shuffle left and right; between points they walk in a line.
        const dx = inRally ? (k % 2 ? 0.6 : -0.6) : walking ? (t - 14) * 1.2 * (i % 2 ? 1 : -1) : 0
        return {
          ...(inRally ? READY : UPRIGHT),
          court: {
            x: p.x + dx * 0.1,
            y: p.y + (walking ? (t - 14) * 0.3 : 0) + (inRally ? dx : 0),
          },
          playerId: i + 1,
        }
      }),
    })
  }
  return rounds
}

/** Motion energy busy the whole time after 5 s: walking between points moves pixels too. */
const energy = Array.from({ length: 300 }, (_, i) => {
  const t = i / 10
  return { t, frame: i, e: (t >= 5 ? 0.03 : 0.002) + 0.002 * Math.sin(i * 1.7) }
})

/** The serve's ball, flying down the picture (from the far side) just after the formation. */
const serveBall = {
  points: [
    { t: 5.1, x: 500, y: 200 },
    { t: 5.2, x: 520, y: 260 },
    { t: 5.3, x: 540, y: 320 },
  ],
}

describe('play from the players', () => {
  it('reads ready stances and stillness from the boxes and their court positions', () => {
    const s = stanceRounds(match())
    expect(s.find((x) => x.t === 3)).toMatchObject({ ready: 0, still: true })
    expect(s.find((x) => x.t === 8)).toMatchObject({ ready: 1, still: false })
    expect(s.find((x) => x.t === 20)).toMatchObject({ ready: 0 })
    expect(stanceTells(s)).toBe(true)
    // Nobody ever crouched in the boxes nor ran: the players say nothing, and are not used.
    const upright = match().map((r) => ({
      ...r,
      boxes: r.boxes.map((b) => ({
        ...b,
        ...UPRIGHT,
        court: { x: 4, y: b.playerId! > 2 ? 12 : 4 },
      })),
    }))
    expect(stanceTells(stanceRounds(upright))).toBe(false)
  })

  it('ends the rally when the players stop playing, though they keep moving and a court is heard', () => {
    const stances = stanceRounds(match())
    // The rally's strikes, and after it a neighbouring court's chain of strikes.
    const onsets = [
      ...[5.2, 6.4, 7.5, 8.6, 9.8, 11, 12.1, 13.3].map((t) => ({ t, rise: 30 })),
      ...[18, 19.2, 20.1, 21.3, 22.5, 23.4].map((t) => ({ t, rise: 30 })),
    ]
    for (const strikes of [strikeSpans(onsets), null]) {
      const r = segmentRallies(energy, 10, { strikes, players: { stances, balls: [serveBall] } })
      expect(r.cues[0]).toBe('players')
      expect(r.rallies.map((x) => [x.startSec, x.endSec])).toEqual([
        [expect.closeTo(4.5, 0), expect.closeTo(14, 0)],
      ])
    }
    // Without the players, motion and sound alone make a rally of the walk and the next court.
    const blind = segmentRallies(energy, 10, { strikes: strikeSpans(onsets) })
    expect(blind.rallies.length).toBe(2)
  })

  it('starts the rally at its serve and names the server from the ball and the formation', () => {
    const stances = stanceRounds(match())
    const r = segmentRallies(energy, 10, { players: { stances, balls: [serveBall] } })
    expect(r.rallies[0]!.serve).toEqual({ t: 4.5, playerId: 4, side: 'right' })
    expect(r.rallies[0]!.startSec).toBe(4.5)
    // A ball flying up the picture left the near side: the deepest near player served.
    const up = { points: serveBall.points.map((p) => ({ ...p, y: 600 - p.y })) }
    expect(findServe(stances, 5, 6, -Infinity, [up])).toEqual({
      t: 4.5,
      playerId: 2,
      side: 'right',
    })
    // No ball seen: the serve's moment without a name.
    expect(findServe(stances, 5, 6, -Infinity, [])).toEqual({ t: 4.5, playerId: null, side: null })
    // No formation before the play (the video starts mid-rally): no serve.
    expect(
      findServe(
        stances.filter((s) => s.t >= 5),
        5,
        6,
        -Infinity,
        [],
      ),
    ).toBeNull()
  })
})
