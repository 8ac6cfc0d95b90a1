import { z } from 'zod'
import { INT4_MAX } from './integers'

/**
 * A match told point by point: what the analyst tags on each rally, and the figures the report
 * computes from those tags. Teams are numbered by where the tracked players started: team 0 holds
 * tracks 1 and 2 (the near side at the start), team 1 holds tracks 3 and 4.
 */

export const TrackId = z.number().int().min(1).max(4)
export type TrackId = z.infer<typeof TrackId>

export type Team = 0 | 1

/** The team a tracked player belongs to. */
export function teamOf(track: number): Team {
  return track <= 2 ? 0 : 1
}

export const Stroke = z.enum([
  'saque',
  'devolucao',
  'voleio',
  'smash',
  'bandeja',
  'lob',
  'curtinha',
  'forehand_fundo',
  'backhand_fundo',
])
export type Stroke = z.infer<typeof Stroke>

export const STROKE_LABEL: Record<Stroke, string> = {
  saque: 'Saque',
  devolucao: 'Devolução',
  voleio: 'Voleio',
  smash: 'Smash',
  bandeja: 'Bandeja',
  lob: 'Lob',
  curtinha: 'Curtinha',
  forehand_fundo: 'Forehand de fundo',
  backhand_fundo: 'Backhand de fundo',
}

/** How a point ended: the last stroke won it, or it was an error (forced or not). */
export const PointEnding = z.enum(['winner', 'forced_error', 'unforced_error'])
export type PointEnding = z.infer<typeof PointEnding>

export const POINT_ENDING_LABEL: Record<PointEnding, string> = {
  winner: 'Winner',
  forced_error: 'Erro forçado',
  unforced_error: 'Erro não forçado',
}

const Count = z.number().int().min(0).max(99)

/**
 * The score, team 0 first. `points` are 0–3 for 0/15/30/40 inside a game, or the tie-break's
 * points when `tiebreak` is on. Beach tennis has no advantage: at 40–40 one point decides the game
 * (the ponto de ouro).
 */
export const MatchScore = z.object({
  sets: z.array(z.tuple([Count, Count])).max(5),
  games: z.tuple([Count, Count]),
  points: z.tuple([Count, Count]),
  tiebreak: z.boolean(),
})
export type MatchScore = z.infer<typeof MatchScore>

export const ZERO_SCORE: MatchScore = { sets: [], games: [0, 0], points: [0, 0], tiebreak: false }

/**
 * One point as the analyst tagged it. A serve out is an unforced error of the server with the
 * serve as the last stroke; an ace is a serve winner. `returner` and `return_in` are null when the
 * serve did not land in or was not touched.
 */
export const PointTag = z
  .object({
    start_sec: z.number().min(0),
    end_sec: z.number().min(0),
    /** The detected rally this point was tagged on; null when the analyst added the point. */
    rally_index: z.number().int().min(0).max(INT4_MAX).nullable(),
    server: TrackId,
    serve_in: z.boolean(),
    returner: TrackId.nullable(),
    return_in: z.boolean().nullable(),
    ending: PointEnding,
    last_stroke: Stroke,
    last_player: TrackId,
    golden_point: z.boolean(),
    /** The score this point leaves; the console carries it forward, the analyst can correct it. */
    score_after: MatchScore,
  })
  .refine((p) => p.end_sec > p.start_sec, {
    error: 'O fim do ponto precisa vir depois do início.',
  })
  .refine((p) => p.serve_in || (p.last_stroke === 'saque' && p.last_player === p.server), {
    error: 'Com o saque fora, o último golpe é o saque de quem sacou.',
  })
  .refine((p) => p.returner === null || teamOf(p.returner) !== teamOf(p.server), {
    error: 'Quem devolve é da dupla que recebe o saque.',
  })
export type PointTag = z.infer<typeof PointTag>

/** Every tagged point of a video, in match order, and the score when the video starts. */
export const MatchTags = z
  .object({
    start_score: MatchScore,
    points: z.array(PointTag).max(600),
  })
  .refine((t) => t.points.every((p, i) => i === 0 || p.start_sec >= t.points[i - 1]!.end_sec), {
    error: 'Os pontos precisam estar em ordem e sem sobreposição.',
  })
export type MatchTags = z.infer<typeof MatchTags>

/** The console saves the whole document; `revision` stops an older tab from overwriting a newer one. */
export const AnalystTagsBody = z.object({
  revision: z.number().int().min(0).max(INT4_MAX),
  tags: MatchTags,
})
export type AnalystTagsBody = z.infer<typeof AnalystTagsBody>

export const AnalystTagsResponse = z.object({
  revision: z.number().int().min(0),
  tags: MatchTags.nullable(),
  saved_at: z.string().nullable(),
})
export type AnalystTagsResponse = z.infer<typeof AnalystTagsResponse>

// ---- Figures computed from the tags (and the tracks) -------------------------------------

/**
 * A count, what it is out of (null when it is a plain count), and the indices (into the tagged
 * points) of the points it counts, so the report can open the clips behind it.
 */
export const StatFigure = z.object({
  value: z.number().int().min(0),
  of: z.number().int().min(0).nullable(),
  points: z.array(z.number().int().min(0)),
})
export type StatFigure = z.infer<typeof StatFigure>

export const ByStroke = z.partialRecord(Stroke, StatFigure)
export type ByStroke = z.infer<typeof ByStroke>

const SideFigures = {
  serves_in: StatFigure,
  points_won_on_serve: StatFigure,
  points_won_on_return: StatFigure,
  winners: StatFigure,
  winners_by_stroke: ByStroke,
  forced_errors: StatFigure,
  unforced_errors: StatFigure,
  errors_by_stroke: ByStroke,
  /** Points that ended on this side's smash, won of played. */
  smashes_converted: StatFigure,
  /** Points where the side was at the net (from the tracks) when the point ended, won of played; null without tracks. */
  net_points_won: StatFigure.nullable(),
}

export const PlayerMatchStats = z.object({
  track_id: TrackId,
  team: z.union([z.literal(0), z.literal(1)]),
  ...SideFigures,
})
export type PlayerMatchStats = z.infer<typeof PlayerMatchStats>

export const TeamMatchStats = z.object({
  team: z.union([z.literal(0), z.literal(1)]),
  track_ids: z.tuple([TrackId, TrackId]),
  points_won: StatFigure,
  /** Pontos de ouro won of played. */
  golden_points: StatFigure,
  ...SideFigures,
})
export type TeamMatchStats = z.infer<typeof TeamMatchStats>

export const MatchStats = z.object({
  points_tagged: z.number().int().min(0),
  final_score: MatchScore,
  /** The score as players write it, team 0 first, e.g. "6/4 3/2" or "6/6 (5/3)". */
  score_line: z.string(),
  longest_rally: z.object({ sec: z.number(), point: z.number().int() }).nullable(),
  /** Points grouped by rally length (seconds), and who won them. */
  by_length: z.array(
    z.object({
      label: z.string(),
      won: z.tuple([StatFigure, StatFigure]),
    }),
  ),
  /** After each point: team 0's points won minus team 1's, and the score it left. */
  momentum: z.array(
    z.object({ point: z.number().int(), diff: z.number().int(), score: MatchScore }),
  ),
  players: z.array(PlayerMatchStats),
  teams: z.tuple([TeamMatchStats, TeamMatchStats]),
})
export type MatchStats = z.infer<typeof MatchStats>

/** A tagged point as the report shows it: when it happened, who won it, and its clip. */
export const ReportPoint = z.object({
  index: z.number().int().min(0),
  start_sec: z.number(),
  end_sec: z.number(),
  won_by: z.union([z.literal(0), z.literal(1)]),
  ending: PointEnding,
  last_stroke: Stroke,
  last_player: TrackId,
  /** Signed URL that plays just this point (a cut clip, or the match video with a #t= range); null when none. */
  clip_url: z.string().nullable(),
})
export type ReportPoint = z.infer<typeof ReportPoint>
