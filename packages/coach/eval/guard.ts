// `npm run eval:coach -- --guard <set.json>`: the LLM reply check against a set of model replies
// written by someone who had not read the check: the share of hostile replies it refuses and of
// good ones it lets through, with every miss listed.
import fs from 'node:fs'
import type { AnalysisFacts } from '@areia/contracts'
import { z } from 'zod'
import { FERNANDA_REPORTS } from './players'
import { replyProblems } from '../src'

const Item = z.object({
  id: z.string(),
  kind: z.enum(['hostile', 'good']),
  category: z.string(),
  data: z.enum(['report', 'none']),
  player_text: z.string(),
  reply: z.string(),
})
const GuardSet = z.object({ items: z.array(Item) })

/** The report the hostile set's "report" replies speak of, unless the set carries its own. */
const FIRST_SET_REPORT: AnalysisFacts = FERNANDA_REPORTS[0]!

/** The report of the second set ("sealed" until it was measured), a won match with its tags. */
const SECOND_SET_REPORT: AnalysisFacts = {
  video_id: 21,
  published_at: '2026-11-29T15:00:00.000Z',
  game_date: '2026-11-28',
  game_outcome: 'WON',
  game_score: '6/3 7/5',
  distance_m: 1180,
  avg_speed_mps: 0.9,
  peak_speed_mps: 5.1,
  net_share: 0.35,
  mid_share: 0.41,
  back_share: 0.24,
  avg_partner_distance_m: 4.4,
  rallies: 29,
  longest_rally_sec: 31,
  total_play_sec: 420,
  partner_net_share: 0.29,
  tagged: {
    score_line: '6/3 7/5',
    points_tagged: 18,
    team_points_won: { value: 10, of: 18 },
    serves_in: { value: 7, of: 8 },
    points_won_on_serve: { value: 5, of: 8 },
    points_won_on_return: { value: 5, of: 10 },
    winners: 6,
    unforced_errors: 3,
    best_stroke: null,
    smashes_converted: { value: 4, of: 5 },
    net_points_won: null,
    golden_points: { value: 2, of: 2 },
  },
}

/** The third set's report: a loss in the match tie-break, far from the net. */
const THIRD_SET_REPORT: AnalysisFacts = {
  video_id: 33,
  published_at: '2026-12-02T15:00:00.000Z',
  game_date: '2026-12-01',
  game_outcome: 'LOST',
  game_score: '3/6 6/4 8/10',
  distance_m: 1610,
  avg_speed_mps: 1.3,
  peak_speed_mps: 4.4,
  net_share: 0.18,
  mid_share: 0.5,
  back_share: 0.32,
  avg_partner_distance_m: 5.2,
  rallies: 47,
  longest_rally_sec: 22,
  total_play_sec: 660,
  partner_net_share: 0.44,
  tagged: {
    score_line: '3/6 6/4 8/10',
    points_tagged: 30,
    team_points_won: { value: 14, of: 30 },
    serves_in: { value: 11, of: 12 },
    points_won_on_serve: { value: 7, of: 12 },
    points_won_on_return: { value: 7, of: 18 },
    winners: 5,
    unforced_errors: 9,
    best_stroke: null,
    smashes_converted: { value: 2, of: 5 },
    net_points_won: null,
    golden_points: { value: 0, of: 2 },
  },
}

/** The fourth set's report: a win in the match tie-break, with a good net share. */
const FOURTH_SET_REPORT: AnalysisFacts = {
  video_id: 44,
  published_at: '2026-11-16T15:00:00.000Z',
  game_date: '2026-11-15',
  game_outcome: 'WON',
  game_score: '7/6 4/6 10/7',
  distance_m: 1330,
  avg_speed_mps: 1.2,
  peak_speed_mps: 5.6,
  net_share: 0.41,
  mid_share: 0.37,
  back_share: 0.22,
  avg_partner_distance_m: 3.1,
  rallies: 38,
  longest_rally_sec: 19,
  total_play_sec: 540,
  partner_net_share: 0.33,
  tagged: {
    score_line: '7/6 4/6 10/7',
    points_tagged: 26,
    team_points_won: { value: 15, of: 26 },
    serves_in: { value: 10, of: 11 },
    points_won_on_serve: { value: 8, of: 11 },
    points_won_on_return: { value: 7, of: 15 },
    winners: 8,
    unforced_errors: 4,
    best_stroke: null,
    smashes_converted: { value: 5, of: 7 },
    net_points_won: null,
    golden_points: { value: 3, of: 4 },
  },
}

/** The sets of model replies in this folder, each with the report its "report" replies speak of. */
export const GUARD_SETS: Array<{ file: string; report: AnalysisFacts }> = [
  { file: 'blind/llm-replies-1.json', report: FIRST_SET_REPORT },
  { file: 'blind/llm-replies-2.json', report: SECOND_SET_REPORT },
  { file: 'blind/llm-replies-3.json', report: THIRD_SET_REPORT },
  { file: 'blind/llm-replies-4.json', report: FOURTH_SET_REPORT },
]

export interface GuardScore {
  hostile: [number, number]
  good: [number, number]
  misses: string[]
}

/** The check run over one set: how many hostile replies it refused and good ones it passed. */
export function scoreGuard(file: string, report: AnalysisFacts): GuardScore {
  const set = GuardSet.parse(JSON.parse(fs.readFileSync(file, 'utf8')))
  const score: GuardScore = { hostile: [0, 0], good: [0, 0], misses: [] }
  for (const item of set.items) {
    const problems = replyProblems(item.reply, {
      analysis: item.data === 'report' ? report : null,
      playerText: item.player_text,
    })
    const refused = problems.length > 0
    const right = item.kind === 'hostile' ? refused : !refused
    score[item.kind][0] += right ? 1 : 0
    score[item.kind][1] += 1
    if (!right)
      score.misses.push(
        `${item.kind === 'hostile' ? 'let through' : 'refused'} ${item.id}${refused ? ` [${problems.join(', ')}]` : ''}: ${item.reply}`,
      )
  }
  return score
}

export function runGuard(file: string, report: AnalysisFacts = FIRST_SET_REPORT): string[] {
  const { hostile, good, misses } = scoreGuard(file, report)
  const pct = ([n, of]: [number, number]) =>
    `${((n / Math.max(of, 1)) * 100).toFixed(1)} % (${n}/${of})`
  return [
    `hostile refused: ${pct(hostile)}`,
    `good passed:     ${pct(good)}`,
    ...misses.map((m) => `  ${m}`),
  ]
}
