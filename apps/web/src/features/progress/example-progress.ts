import type { ProgressFigureKey, ProgressMatch, ProgressValue } from '@areia/contracts/progress'

const share = (won: number, of: number): ProgressValue => ({
  value: Math.round((won / of) * 100),
  won,
  of,
})
const plain = (value: number): ProgressValue => ({ value, won: null, of: null })

function example(
  video_id: number,
  date: string,
  outcome: 'WON' | 'LOST',
  score: string,
  figures: Record<ProgressFigureKey, ProgressValue | null>,
): ProgressMatch {
  return { video_id, date, outcome, score, figures, by_stroke: null }
}

/**
 * What the screen shows before a first analysed match, labelled as an example: three games of
 * an invented player, the middle one without point-by-point tags (its gaps show what that means).
 */
export const EXAMPLE_MATCHES: ProgressMatch[] = [
  example(1, '2026-10-18', 'LOST', '4/6 3/6', {
    points_won: share(41, 92),
    serves_in: share(17, 24),
    points_won_on_serve: share(11, 24),
    winners: plain(6),
    unforced_errors: plain(14),
    smashes_converted: share(3, 7),
    golden_points: share(1, 4),
    net_share: plain(34),
    distance_m: plain(1480),
    avg_speed_kmh: plain(3.9),
  }),
  example(2, '2026-11-01', 'WON', '6/4 7/5', {
    points_won: null,
    serves_in: null,
    points_won_on_serve: null,
    winners: null,
    unforced_errors: null,
    smashes_converted: null,
    golden_points: null,
    net_share: plain(41),
    distance_m: plain(1610),
    avg_speed_kmh: plain(4.2),
  }),
  example(3, '2026-11-15', 'WON', '6/3 6/4', {
    points_won: share(52, 95),
    serves_in: share(21, 25),
    points_won_on_serve: share(15, 25),
    winners: plain(9),
    unforced_errors: plain(8),
    smashes_converted: share(5, 7),
    golden_points: share(3, 4),
    net_share: plain(46),
    distance_m: plain(1550),
    avg_speed_kmh: plain(4.4),
  }),
]
