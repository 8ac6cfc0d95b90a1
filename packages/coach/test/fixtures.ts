import type { AnalysisFacts } from '@areia/contracts'
import {
  createTeam,
  reply,
  seededRng,
  type ChatTurn,
  type PlayerProfile,
  type RememberedFact,
  type Team,
} from '../src'

export const LEFTY: PlayerProfile = {
  name: 'Ana Paula',
  category: 'C',
  height_cm: 168,
  dominant_hand: 'LEFT',
  gender: 'FEMALE',
  goal: 'Subir para a B este ano',
  goal_focus: 'SUBIR_CATEGORIA',
  training_per_week: 3,
}

export const RIGHTY: PlayerProfile = {
  ...LEFTY,
  name: 'Bruno',
  dominant_hand: 'RIGHT',
  gender: 'MALE',
}

export function team(seed = 7, profile: PlayerProfile = LEFTY): Team {
  return createTeam({ profile, rng: seededRng(seed) })
}

/** A published analysis: little time at the net, far from the partner, who is up more. */
export const ANALYSED: AnalysisFacts = {
  video_id: 7,
  published_at: '2026-11-13T10:00:00.000Z',
  game_date: '2026-11-12',
  game_outcome: 'WON',
  game_score: '6/4',
  distance_m: 1234.4,
  avg_speed_mps: 0.83,
  peak_speed_mps: 4.2,
  net_share: 0.18,
  mid_share: 0.44,
  back_share: 0.38,
  avg_partner_distance_m: 5.6,
  rallies: 23,
  longest_rally_sec: 14.2,
  total_play_sec: 190,
  partner_net_share: 0.41,
}

/** A conversation as the server runs it, each reply read by the next turn. */
export function talk(
  messages: string[],
  facts: RememberedFact[] = [],
  now = new Date('2026-12-07T13:00:00Z'),
  options: { profile?: PlayerProfile; reports?: AnalysisFacts[] } = {},
): string[] {
  const history: ChatTurn[] = []
  const profile = options.profile ?? LEFTY
  return messages.map((text) => {
    const replies = reply({
      text,
      team: team(7, profile),
      profile,
      history,
      rng: seededRng(1),
      facts,
      now,
      ...(options.reports ? { reports: options.reports } : {}),
    })
    history.push(
      { sender: 'USER', text },
      ...replies.map((r) => ({ sender: r.coachId, text: r.text })),
    )
    return replies.map((r) => r.text).join('\n\n')
  })
}
