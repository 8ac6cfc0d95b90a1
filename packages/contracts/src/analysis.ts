import { z } from 'zod'
import { MatchStats, ReportPoint, Stroke } from './match'
import { GameOutcome, VideoIdParams, VideoStatus } from './videos'

/**
 * Match analysis: the pipeline's job progress, the analyst's console and the report the
 * player reads. Video files, heatmaps and clips are served from short-lived signed URLs because
 * `<video>` and `<img>` cannot send a bearer token.
 */

/** Where a video's analysis is; `percent` is of the whole job (0–100). */
export const AnalysisStage = z.enum([
  'QUEUED',
  'PROBE',
  'COURT',
  'PLAYERS',
  'MERGE',
  'CLIPS',
  'REVIEW',
  'PUBLISHED',
  'FAILED',
])
export type AnalysisStage = z.infer<typeof AnalysisStage>

export const AnalysisProgress = z.object({
  video_id: z.number().int(),
  stage: AnalysisStage,
  percent: z.number().min(0).max(100),
})
export type AnalysisProgress = z.infer<typeof AnalysisProgress>

/** A point in the video's image, in source pixels. */
export const ImagePoint = z.object({
  x: z.number().finite().min(-10_000).max(10_000),
  y: z.number().finite().min(-10_000).max(10_000),
})
export type ImagePoint = z.infer<typeof ImagePoint>

/** Near-left, near-right, far-right, far-left (near = the baseline closest to the camera). */
export const CourtCorners = z.tuple([ImagePoint, ImagePoint, ImagePoint, ImagePoint], {
  error: 'Marque os quatro cantos da quadra.',
})
export type CourtCorners = z.infer<typeof CourtCorners>

/** A figure and the source-video frames it came from, so a person can check it. */
export const AnalysisFigure = z.object({ value: z.number(), frames: z.array(z.number().int()) })
export type AnalysisFigure = z.infer<typeof AnalysisFigure>

/** One tracked player (track ids 1 near-left, 2 near-right, 3 far-left, 4 far-right). */
export const TrackedPlayer = z.object({
  track_id: z.number().int().min(1).max(4),
  side: z.enum(['near', 'far']),
  partner_track_id: z.number().int().min(1).max(4),
  distance_m: AnalysisFigure,
  avg_speed_mps: AnalysisFigure,
  peak_speed_mps: AnalysisFigure,
  time_near_net_sec: AnalysisFigure,
  time_mid_sec: AnalysisFigure,
  time_back_sec: AnalysisFigure,
  avg_partner_distance_m: AnalysisFigure,
  heatmap_url: z.string(),
})
export type TrackedPlayer = z.infer<typeof TrackedPlayer>

export type ZoneShares = { net: number; mid: number; back: number }

/** Share (0–100, rounded) of the tracked time near the net, in the middle and at the back. */
export function zoneShares(p: TrackedPlayer): ZoneShares {
  const net = p.time_near_net_sec.value
  const mid = p.time_mid_sec.value
  const back = p.time_back_sec.value
  const total = net + mid + back
  if (total <= 0) return { net: 0, mid: 0, back: 0 }
  return {
    net: Math.round((net / total) * 100),
    mid: Math.round((mid / total) * 100),
    back: Math.round((back / total) * 100),
  }
}

/**
 * The serve seen in the video at a rally's start: when the serve formation broke, the player who
 * served (null when the ball's flight did not tell the side) and the half of their baseline they
 * served from, as they face the net.
 */
export const RallyServe = z.object({
  at_sec: z.number(),
  track_id: z.number().int().min(1).max(4).nullable(),
  side: z.enum(['left', 'right']).nullable(),
})
export type RallyServe = z.infer<typeof RallyServe>

export const RallySummary = z.object({
  index: z.number().int(),
  start_sec: z.number(),
  end_sec: z.number(),
  start_frame: z.number().int(),
  end_frame: z.number().int(),
  /** Signed URL of the rally's clip; null while clips are being cut or when it has none. */
  clip_url: z.string().nullable(),
  /** The serve that started it, when the video showed it; absent from older analyses. */
  serve: RallyServe.nullable().optional(),
})
export type RallySummary = z.infer<typeof RallySummary>

export const RalliesSummary = z.object({
  count: z.number().int(),
  total_play_sec: z.number(),
  longest_sec: z.number(),
  items: z.array(RallySummary),
  highlights_url: z.string().nullable(),
  /**
   * false when the video had no sound (no audio track, or nothing audible): play was told from the
   * players' movement alone. Absent from analyses made before sound was reported.
   */
  video_sound: z.boolean().optional(),
})
export type RalliesSummary = z.infer<typeof RalliesSummary>

// ---- Analyst console (role ANALYST or ADMIN) --------------------------------------------

export const AnalystQueueItem = z.object({
  video_id: z.number().int(),
  status: VideoStatus,
  stage: AnalysisStage,
  percent: z.number(),
  player_name: z.string(),
  plan_name: z.string().nullable(),
  /** Ultra: a person writes commentary; Pro: a person checks and publishes the computed report. */
  human_commentary: z.boolean(),
  uploaded_at: z.string(),
  /** uploaded_at + the plan's turnaround; the queue is ordered by it. */
  promised_at: z.string(),
  overdue: z.boolean(),
  /** Why the pipeline could not analyse it (pt-BR), or null. */
  problem: z.string().nullable(),
})
export type AnalystQueueItem = z.infer<typeof AnalystQueueItem>

export const AnalystQueue = z.array(AnalystQueueItem)
export type AnalystQueue = z.infer<typeof AnalystQueue>

/** Boxes of one detection round, drawn over the video at `t`. */
export const OverlayRound = z.object({
  t: z.number(),
  frame: z.number().int(),
  boxes: z.array(
    z.object({
      x: z.number(),
      y: z.number(),
      w: z.number(),
      h: z.number(),
      track_id: z.number().int().nullable(),
      /** a player hidden behind their partner, placed by their clothes: not the detector's box */
      hidden: z.boolean().optional(),
    }),
  ),
})
export type OverlayRound = z.infer<typeof OverlayRound>

export const AnalystVideo = AnalystQueueItem.extend({
  video_url: z.string(),
  keyframe_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  duration_sec: z.number(),
  fps: z.number(),
  corners: CourtCorners.nullable(),
  corners_source: z.enum(['proposed', 'confirmed']).nullable(),
  /** What the player answered in the chat (1º–4º jogador). */
  player_answer: z.number().int().min(1).max(4).nullable(),
  /**
   * The person the player tapped on the identification picture (a box in one frame, 0–1
   * coordinates, at `at_sec`), with the tracked player nearest that box then, when the tracks
   * reach that moment. Null when the player answered with a chip.
   */
  player_pick: z
    .object({
      number: z.number().int().min(1).max(4),
      at_sec: z.number(),
      box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
      nearest_track_id: z.number().int().min(1).max(4).nullable(),
    })
    .nullable(),
  /** The tracked player the analyst confirmed as the customer. */
  player_track_id: z.number().int().min(1).max(4).nullable(),
  players: z.array(TrackedPlayer),
  overlay: z.array(OverlayRound),
  rallies: RalliesSummary.nullable(),
  /** The date and result the player confirmed in the chat (see Video's game_* fields). */
  game: z.object({
    date: z.string().nullable(),
    week: z.string().nullable(),
    outcome: GameOutcome.nullable(),
    score: z.string().nullable(),
  }),
  report_markdown: z.string(),
  published_at: z.string().nullable(),
})
export type AnalystVideo = z.infer<typeof AnalystVideo>

export const AnalystCornersBody = z.object({ corners: CourtCorners })
export type AnalystCornersBody = z.infer<typeof AnalystCornersBody>

/** Swap two tracked identities from `from_sec` on (the whole video when absent). */
export const AnalystSwapBody = z
  .object({
    a: z.number().int().min(1).max(4),
    b: z.number().int().min(1).max(4),
    from_sec: z.number().min(0).optional(),
  })
  .refine((v) => v.a !== v.b, { error: 'Escolha dois jogadores diferentes.' })
export type AnalystSwapBody = z.infer<typeof AnalystSwapBody>

export const AnalystPlayerBody = z.object({ track_id: z.number().int().min(1).max(4) })
export type AnalystPlayerBody = z.infer<typeof AnalystPlayerBody>

export const AnalystReportBody = z.object({
  markdown: z
    .string()
    .trim()
    .min(1, { error: 'Escreva o relatório antes de publicar.' })
    .max(20_000, { error: 'O relatório pode ter no máximo 20.000 caracteres.' }),
})
export type AnalystReportBody = z.infer<typeof AnalystReportBody>

/** The video cannot be analysed: the player is told why, and the month's allowance is returned. */
export const AnalystRejectBody = z.object({
  reason: z
    .string()
    .trim()
    .min(5, { error: 'Explique ao jogador por que o vídeo não pôde ser analisado.' })
    .max(500),
})
export type AnalystRejectBody = z.infer<typeof AnalystRejectBody>

export const AnalystVideoParams = VideoIdParams

// ---- The player's report ----------------------------------------------------------------

export const VideoReport = z.object({
  video_id: z.number().int(),
  published_at: z.string(),
  game: AnalystVideo.shape.game,
  /** The analyst's text (markdown), as posted in the chat. */
  markdown: z.string(),
  /** The player's own figures (their confirmed track). */
  player: TrackedPlayer,
  partner: TrackedPlayer.nullable(),
  rallies: RalliesSummary,
  /** The figures computed from the analyst's point-by-point tags; null when the match was not tagged. */
  stats: MatchStats.nullable(),
  /** The tagged points in match order (the stats' `points` index into this list). */
  points: z.array(ReportPoint),
})
export type VideoReport = z.infer<typeof VideoReport>

/** `{content, created_at}` of a report not yet seen through this call, or `{}` when none is left. */
export const CheckForReportResponse = z.union([
  z.object({ content: z.string(), created_at: z.string() }),
  z.object({}).strict(),
])
export type CheckForReportResponse = z.infer<typeof CheckForReportResponse>

/**
 * The figures the coaches read when the player asks about their game (the newest published
 * analysis). Shares are 0–1 of the tracked time.
 */
const CountOf = z.object({ value: z.number().int().min(0), of: z.number().int().min(0) })

/** The player's side of the tagged stats, as the coaches quote them. */
export const TaggedFacts = z.object({
  score_line: z.string(),
  points_tagged: z.number().int().min(0),
  /** Points the player's team won, of all tagged. */
  team_points_won: CountOf,
  serves_in: CountOf,
  points_won_on_serve: CountOf,
  points_won_on_return: CountOf,
  winners: z.number().int().min(0),
  unforced_errors: z.number().int().min(0),
  /** The stroke of most of the player's winners, when there were any. */
  best_stroke: z.object({ stroke: Stroke, winners: z.number().int().min(1) }).nullable(),
  smashes_converted: CountOf,
  /** Points won when the player was at the net as the point ended; null without tracks. */
  net_points_won: CountOf.nullable(),
  /** The team's pontos de ouro won, of played. */
  golden_points: CountOf,
})
export type TaggedFacts = z.infer<typeof TaggedFacts>

export const AnalysisFacts = z.object({
  video_id: z.number().int(),
  published_at: z.string(),
  game_date: z.string().nullable(),
  game_outcome: GameOutcome.nullable(),
  game_score: z.string().nullable(),
  distance_m: z.number(),
  avg_speed_mps: z.number(),
  peak_speed_mps: z.number(),
  net_share: z.number(),
  mid_share: z.number(),
  back_share: z.number(),
  avg_partner_distance_m: z.number(),
  rallies: z.number().int(),
  longest_rally_sec: z.number(),
  total_play_sec: z.number(),
  /** How the team's figures compare: the partner's net share, for "who goes to the net". */
  partner_net_share: z.number().nullable(),
  /** The figures of the analyst's point-by-point tags; absent or null when the match was not tagged. */
  tagged: TaggedFacts.nullable().optional(),
})
export type AnalysisFacts = z.infer<typeof AnalysisFacts>

/**
 * One of the player's recent matches as the coaches see it: where its analysis stands, when it is
 * due, or why it was refused. Newest first; cancelled sends are left out.
 */
export const MatchStatus = z.object({
  video_id: z.number().int(),
  uploaded_at: z.string(),
  status: VideoStatus,
  /** The pipeline's stage while it runs; null before it starts. */
  stage: AnalysisStage.nullable(),
  percent: z.number().int().min(0).max(100).nullable(),
  /** When the report is promised (ISO); null before the analysis can start or once it ended. */
  due_at: z.string().nullable(),
  /** The automatic pass could not read the video: an analyst takes it from here (same promise). */
  needs_analyst: z.boolean().optional(),
  failure_reason: z.string().nullable(),
  game_date: z.string().nullable(),
  game_outcome: GameOutcome.nullable(),
  game_score: z.string().nullable(),
})
export type MatchStatus = z.infer<typeof MatchStatus>

// ---- The analyst's commentary (Ultra) ----------------------------------------------------

/** The heading the analyst of an Ultra plan writes under, in the report's text. */
export const COMMENTARY_HEADING = '## Comentário do analista'

/** The analyst's own words under the commentary heading (empty when missing). */
export function commentaryOf(markdown: string): string {
  const at = markdown.indexOf(COMMENTARY_HEADING)
  if (at < 0) return ''
  const after = markdown.slice(at + COMMENTARY_HEADING.length)
  const next = after.search(/^#{1,2} /m)
  return (next < 0 ? after : after.slice(0, next)).trim()
}

/** Why publishing was refused, naming the field on the console that fixes it. */
export const PUBLISH_REFUSALS = {
  noPlayer:
    'Escolha o cliente em “Jogador rastreado” e toque em “Confirmar jogador” antes de publicar.',
  noCommentary:
    'Escreva o seu comentário em “Texto do relatório”, abaixo do título “Comentário do analista”, antes de publicar.',
} as const
