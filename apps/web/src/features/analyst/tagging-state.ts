import {
  teamOf,
  ZERO_SCORE,
  type MatchScore,
  type MatchTags,
  type PointEnding,
  type PointTag,
  type Stroke,
  type TrackId,
} from '@areia/contracts/match'
import { advanceScore, isGoldenPoint, pointWinner } from '@areia/contracts/match-score'

/**
 * The tagging console's state: the spans of the video to tag (the detected rallies, as the
 * analyst corrected, split or added them), what was tagged on each, and which one is open.
 * Only confirmed spans become points; the score is carried from point to point.
 */

export interface Draft {
  server: TrackId | null
  serve_in: boolean
  returner: TrackId | null
  return_in: boolean | null
  ending: PointEnding | null
  last_stroke: Stroke | null
  last_player: TrackId | null
  /** null: as the score says (40–40 outside a tie-break). */
  golden_point: boolean | null
}

export interface Span {
  key: string
  start_sec: number
  end_sec: number
  rally_index: number | null
  draft: Draft | null
  /** Confirmed by the analyst: a point of the match, saved. */
  done: boolean
  /** The score the analyst wrote over the carried one; null: carried. */
  score_override: MatchScore | null
  /** Keys pressed while this span was open (the console shows how few a point needs). */
  presses: number
  /** Who served, as the video showed it at this span's start (the analysis' serve). */
  seen_server?: TrackId
}

export interface TaggingState {
  start_score: MatchScore
  spans: Span[]
  cursor: number
  /** A prefix key waiting for a player's number: who served, or who returned. */
  pending: 'server' | 'returner' | null
  /** Why the last action did nothing, for the analyst (pt-BR); null when it worked. */
  notice: string | null
}

export type Action =
  | { type: 'select'; index: number }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'pending'; which: 'server' | 'returner' | null }
  | { type: 'player'; track: TrackId }
  | { type: 'server'; track: TrackId }
  | { type: 'returner'; track: TrackId }
  | { type: 'ending'; ending: PointEnding }
  | { type: 'stroke'; stroke: Stroke }
  | { type: 'lastPlayer'; track: TrackId }
  | { type: 'serveOut' }
  | { type: 'returnOut' }
  | { type: 'golden' }
  | { type: 'confirm' }
  | { type: 'boundary'; edge: 'start' | 'end'; at: number }
  | { type: 'split'; at: number }
  | { type: 'add'; at: number }
  | { type: 'remove' }
  | { type: 'startScore'; score: MatchScore }
  | { type: 'scoreOverride'; score: MatchScore | null }
  | { type: 'press' }

/** Said when the last open span is confirmed: good news, not a problem. */
export const ALL_TAGGED = 'Todos os trechos foram marcados.'

/** A span shorter than this is no rally: boundaries never bring start and end closer. */
export const MIN_SPAN_SEC = 0.5
/** A point the analyst adds lasts this long until its end is set. */
export const ADDED_SPAN_SEC = 6

const partner = (t: TrackId): TrackId => (t % 2 === 1 ? t + 1 : t - 1)
const firstOf = (team: 0 | 1): TrackId => (team === 0 ? 1 : 3)
const otherTeam = (t: TrackId): 0 | 1 => (teamOf(t) === 0 ? 1 : 0)

let keySeq = 0
const newKey = () => `s${++keySeq}`

const emptyDraft = (): Draft => ({
  server: null,
  serve_in: true,
  returner: null,
  return_in: true,
  ending: null,
  last_stroke: null,
  last_player: null,
  golden_point: null,
})

/** Server, ending, last stroke and who hit it: enough to make a point of a draft. */
export const isComplete = (d: Draft | null): d is Draft & { server: TrackId } =>
  !!d && d.server !== null && d.ending !== null && d.last_stroke !== null && d.last_player !== null

/** The score before and after every span, carried from the start score through the confirmed ones. */
export function scores(state: Pick<TaggingState, 'start_score' | 'spans'>) {
  let score = state.start_score
  return state.spans.map((span) => {
    const before = score
    let after: MatchScore | null = null
    if (span.done && isComplete(span.draft)) {
      after = span.score_override ?? advanceScore(before, pointWinner(span.draft as PointTagParts))
      score = after
    }
    return { before, after }
  })
}

type PointTagParts = Pick<PointTag, 'ending' | 'last_player'>

/** The saved document: every confirmed span, in order, with the score it leaves. */
export function toMatchTags(state: TaggingState): MatchTags {
  const all = scores(state)
  const points: PointTag[] = []
  state.spans.forEach((span, i) => {
    const d = span.draft
    const after = all[i]?.after
    if (!span.done || !isComplete(d) || !after) return
    points.push({
      start_sec: round2(span.start_sec),
      end_sec: round2(span.end_sec),
      rally_index: span.rally_index,
      server: d.server,
      serve_in: d.serve_in,
      returner: d.serve_in ? d.returner : null,
      return_in: d.serve_in && d.returner !== null ? (d.return_in ?? true) : null,
      ending: d.ending!,
      last_stroke: d.last_stroke!,
      last_player: d.last_player!,
      golden_point: d.golden_point ?? isGoldenPoint(all[i]!.before),
      score_after: after,
    })
  })
  return { start_score: state.start_score, points }
}

const round2 = (n: number) => Math.round(n * 100) / 100

const sameScore = (a: MatchScore, b: MatchScore) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The console's starting point: the saved points, and every detected rally no saved point
 * overlaps (a rally the analyst split or moved is not offered again). A saved score that is not
 * the carried one is kept as the analyst's correction.
 */
export function initialState(
  saved: MatchTags | null,
  rallies: ReadonlyArray<{
    index: number
    start_sec: number
    end_sec: number
    serve?: { track_id: number | null } | null
  }>,
): TaggingState {
  const points = saved?.points ?? []
  const spans: Span[] = points.map((p) => ({
    key: newKey(),
    start_sec: p.start_sec,
    end_sec: p.end_sec,
    rally_index: p.rally_index,
    draft: {
      server: p.server,
      serve_in: p.serve_in,
      returner: p.returner,
      return_in: p.return_in,
      ending: p.ending,
      last_stroke: p.last_stroke,
      last_player: p.last_player,
      golden_point: p.golden_point,
    },
    done: true,
    score_override: null,
    presses: 0,
  }))
  for (const r of rallies) {
    const overlaps = points.some((p) => p.start_sec < r.end_sec && r.start_sec < p.end_sec)
    if (!overlaps && r.end_sec > r.start_sec) {
      spans.push({
        key: newKey(),
        start_sec: r.start_sec,
        end_sec: r.end_sec,
        rally_index: r.index,
        draft: null,
        done: false,
        score_override: null,
        presses: 0,
        ...(isTrack(r.serve?.track_id) ? { seen_server: r.serve.track_id } : {}),
      })
    }
  }
  spans.sort((a, b) => a.start_sec - b.start_sec)
  const start_score = saved?.start_score ?? ZERO_SCORE
  // Corrections: where the saved score is not what the carried one would be.
  let score = start_score
  points.forEach((p) => {
    const span = spans.find((s) => s.done && s.start_sec === p.start_sec)!
    const carried = advanceScore(score, pointWinner(p))
    if (!sameScore(carried, p.score_after)) span.score_override = p.score_after
    score = p.score_after
  })
  const firstOpen = spans.findIndex((s) => !s.done)
  const state: TaggingState = {
    start_score,
    spans,
    cursor: firstOpen >= 0 ? firstOpen : Math.max(0, spans.length - 1),
    pending: null,
    notice: null,
  }
  return withDraft(state)
}

/** The confirmed points before a span, with the score each was played at. */
function history(state: TaggingState, index: number) {
  const all = scores(state)
  const out: Array<{ draft: Draft & { server: TrackId }; before: MatchScore; after: MatchScore }> =
    []
  for (let i = 0; i < index; i++) {
    const span = state.spans[i]!
    const after = all[i]!.after
    if (span.done && isComplete(span.draft) && after) {
      out.push({ draft: span.draft, before: all[i]!.before, after })
    }
  }
  return { points: out, before: all[index]?.before ?? state.start_score }
}

const gameOver = (before: MatchScore, after: MatchScore) =>
  after.sets.length !== before.sets.length ||
  after.games[0] !== before.games[0] ||
  after.games[1] !== before.games[1]

/**
 * Who serves and who returns next. The server keeps the whole game; the next game goes to the
 * other pair, whose server is the partner of the one who served for them last (players take
 * turns A1, B1, A2, B2). In a tie-break the serve changes after the first point, then every two.
 * The receiving pair alternates who returns, point by point, each keeping their side.
 */
export function predict(state: TaggingState, index: number): Pick<Draft, 'server' | 'returner'> {
  const { points, before } = history(state, index)
  const last = points.at(-1)
  if (!last) return { server: null, returner: null }
  // Turns: the servers in the order they took the serve.
  const turns: TrackId[] = []
  for (const p of points) if (turns.at(-1) !== p.draft.server) turns.push(p.draft.server)
  const played = before.points[0] + before.points[1]
  const newTurn = gameOver(last.before, last.after) || (before.tiebreak && played % 2 === 1)
  let server: TrackId
  if (!newTurn) server = last.draft.server
  else {
    const lastServer = turns.at(-1)!
    const twoBack = turns.length >= 2 ? turns[turns.length - 2]! : null
    server =
      twoBack !== null && teamOf(twoBack) !== teamOf(lastServer)
        ? partner(twoBack)
        : firstOf(otherTeam(lastServer))
  }
  return { server, returner: predictReturner(points, otherTeam(server)) }
}

/**
 * Inside a game the receiving pair alternates: the partner of whoever returned their last point.
 * A new game opens with the player who opened the last game this pair received (the same side).
 */
function predictReturner(points: ReturnType<typeof history>['points'], receiving: 0 | 1): TrackId {
  const games: Array<typeof points> = [[]]
  points.forEach((p, i) => {
    games.at(-1)!.push(p)
    if (i < points.length - 1 && gameOver(p.before, p.after)) games.push([])
  })
  const last = points.at(-1)
  if (last && gameOver(last.before, last.after)) games.push([])
  const received = (p: (typeof points)[number]) =>
    teamOf(p.draft.server) !== receiving && p.draft.returner !== null
  const current = games.at(-1)!
  const inGame = [...current].reverse().find(received)
  if (inGame) return partner(inGame.draft.returner!)
  for (let g = games.length - 2; g >= 0; g--) {
    const game = games[g]!.filter((p) => teamOf(p.draft.server) !== receiving)
    const k = game.findIndex((p) => p.draft.returner !== null)
    if (k < 0) continue
    const r = game[k]!.draft.returner!
    return k % 2 === 0 ? r : partner(r)
  }
  return firstOf(receiving)
}

const isTrack = (v: number | null | undefined): v is TrackId =>
  v === 1 || v === 2 || v === 3 || v === 4

/**
 * The open span gets a draft when it has none: the server the video showed serving, else the one
 * the game's order predicts, and the returner the receiving pair's turn gives.
 */
function withDraft(state: TaggingState): TaggingState {
  const span = state.spans[state.cursor]
  if (!span || span.draft) return state
  const predicted = predict(state, state.cursor)
  const seen = span.seen_server
  const draft = {
    ...emptyDraft(),
    ...predicted,
    ...(seen && seen !== predicted.server
      ? {
          server: seen,
          returner: predictReturner(history(state, state.cursor).points, otherTeam(seen)),
        }
      : {}),
  }
  return patchSpan(state, state.cursor, { draft })
}

function patchSpan(state: TaggingState, index: number, patch: Partial<Span>): TaggingState {
  const spans = state.spans.slice()
  spans[index] = { ...spans[index]!, ...patch }
  return { ...state, spans }
}

function patchDraft(state: TaggingState, patch: Partial<Draft>): TaggingState {
  const span = state.spans[state.cursor]
  if (!span) return { ...state, notice: 'Não há ponto aberto para marcar.' }
  const draft = { ...(span.draft ?? emptyDraft()), ...patch }
  // A serve out is the serve as the last stroke; anything else named means the serve went in.
  if (!draft.serve_in && (patch.ending || patch.last_stroke || patch.last_player)) {
    draft.serve_in = true
    draft.return_in = true
  }
  return { ...patchSpan(state, state.cursor, { draft }), notice: null, pending: null }
}

const select = (state: TaggingState, index: number): TaggingState =>
  index < 0 || index >= state.spans.length
    ? state
    : withDraft({ ...state, cursor: index, pending: null, notice: null })

export function reduce(state: TaggingState, action: Action): TaggingState {
  const span = state.spans[state.cursor]
  const draft = span?.draft ?? null
  switch (action.type) {
    case 'select':
      return select(state, action.index)
    case 'move':
      return select(state, state.cursor + action.by)
    case 'pending':
      return { ...state, pending: action.which, notice: null }
    case 'player':
      if (state.pending === 'server') return reduce(state, { type: 'server', track: action.track })
      if (state.pending === 'returner')
        return reduce(state, { type: 'returner', track: action.track })
      return reduce(state, { type: 'lastPlayer', track: action.track })
    case 'server': {
      const returner =
        draft?.returner && teamOf(draft.returner) !== teamOf(action.track)
          ? draft.returner
          : firstOf(otherTeam(action.track))
      return patchDraft(state, {
        server: action.track,
        returner: draft?.serve_in ? returner : null,
      })
    }
    case 'returner':
      if (draft?.server && teamOf(draft.server) === teamOf(action.track)) {
        return {
          ...state,
          pending: null,
          notice: 'Quem devolve é da dupla que recebe o saque.',
        }
      }
      return patchDraft(state, { returner: action.track, serve_in: true })
    case 'ending':
      return patchDraft(state, { ending: action.ending })
    case 'stroke':
      return patchDraft(state, { last_stroke: action.stroke })
    case 'lastPlayer':
      return patchDraft(state, { last_player: action.track })
    case 'serveOut': {
      if (!draft?.server) return { ...state, notice: 'Diga primeiro quem sacou (Q e o número).' }
      if (!draft.serve_in) {
        return patchDraft(state, {
          serve_in: true,
          return_in: true,
          returner: predict(state, state.cursor).returner,
          ending: null,
          last_stroke: null,
          last_player: null,
        })
      }
      return {
        ...patchSpan(state, state.cursor, {
          draft: {
            ...draft,
            serve_in: false,
            returner: null,
            return_in: null,
            ending: 'unforced_error',
            last_stroke: 'saque',
            last_player: draft.server,
          },
        }),
        notice: null,
        pending: null,
      }
    }
    case 'returnOut': {
      if (!draft?.returner)
        return { ...state, notice: 'Diga primeiro quem devolveu (R e o número).' }
      if (draft.return_in === false) {
        return patchDraft(state, {
          return_in: true,
          ending: null,
          last_stroke: null,
          last_player: null,
        })
      }
      return patchDraft(state, {
        serve_in: true,
        return_in: false,
        ending: 'unforced_error',
        last_stroke: 'devolucao',
        last_player: draft.returner,
      })
    }
    case 'golden': {
      const before = scores(state)[state.cursor]?.before ?? state.start_score
      const now = draft?.golden_point ?? isGoldenPoint(before)
      return patchDraft(state, { golden_point: !now })
    }
    case 'confirm': {
      if (!span) return state
      if (!isComplete(draft)) {
        return {
          ...state,
          notice: 'Falta marcar como o ponto terminou, o último golpe e quem bateu.',
        }
      }
      const confirmed = patchSpan(state, state.cursor, { done: true })
      const next = confirmed.spans.findIndex((s, i) => i > state.cursor && !s.done)
      return next >= 0
        ? select(confirmed, next)
        : { ...confirmed, pending: null, notice: ALL_TAGGED }
    }
    case 'boundary': {
      if (!span) return state
      const prev = state.spans[state.cursor - 1]
      const next = state.spans[state.cursor + 1]
      if (action.edge === 'start') {
        const start = Math.max(action.at, prev?.end_sec ?? 0)
        if (start > span.end_sec - MIN_SPAN_SEC)
          return { ...state, notice: 'O início precisa vir antes do fim do ponto.' }
        return { ...patchSpan(state, state.cursor, { start_sec: start }), notice: null }
      }
      const end = next ? Math.min(action.at, next.start_sec) : action.at
      if (end < span.start_sec + MIN_SPAN_SEC)
        return { ...state, notice: 'O fim precisa vir depois do início do ponto.' }
      return { ...patchSpan(state, state.cursor, { end_sec: end }), notice: null }
    }
    case 'split': {
      if (!span) return state
      if (action.at < span.start_sec + MIN_SPAN_SEC || action.at > span.end_sec - MIN_SPAN_SEC) {
        return { ...state, notice: 'Para partir, pare o vídeo dentro do ponto aberto.' }
      }
      const first: Span = { ...span, end_sec: action.at }
      const second: Span = {
        key: newKey(),
        start_sec: action.at,
        end_sec: span.end_sec,
        rally_index: span.rally_index,
        draft: null,
        done: false,
        score_override: null,
        presses: 0,
      }
      const spans = state.spans.slice()
      spans.splice(state.cursor, 1, first, second)
      return { ...state, spans, notice: null, pending: null }
    }
    case 'add': {
      const at = Math.max(0, action.at)
      const inside = state.spans.findIndex((s) => s.start_sec <= at && at < s.end_sec)
      if (inside >= 0) return { ...state, notice: 'Aqui já há um trecho: use P para partir.' }
      const after = state.spans.findIndex((s) => s.start_sec > at)
      const limit = after >= 0 ? state.spans[after]!.start_sec : Infinity
      const end = Math.min(at + ADDED_SPAN_SEC, limit)
      if (end < at + MIN_SPAN_SEC) return { ...state, notice: 'Não cabe um ponto aqui.' }
      const added: Span = {
        key: newKey(),
        start_sec: at,
        end_sec: end,
        rally_index: null,
        draft: null,
        done: false,
        score_override: null,
        presses: 0,
      }
      const spans = state.spans.slice()
      const index = after >= 0 ? after : spans.length
      spans.splice(index, 0, added)
      return select({ ...state, spans }, index)
    }
    case 'remove': {
      if (!span) return state
      const spans = state.spans.filter((_, i) => i !== state.cursor)
      const cursor = Math.min(state.cursor, spans.length - 1)
      return withDraft({
        ...state,
        spans,
        cursor: Math.max(0, cursor),
        notice: null,
        pending: null,
      })
    }
    case 'startScore':
      return { ...state, start_score: action.score }
    case 'scoreOverride':
      if (!span) return state
      return patchSpan(state, state.cursor, { score_override: action.score })
    case 'press':
      if (!span) return state
      return patchSpan(state, state.cursor, { presses: span.presses + 1 })
  }
}

/** Average keys per confirmed point in this session (points confirmed without keys left out). */
export function pressesPerPoint(state: TaggingState): number | null {
  const counted = state.spans.filter((s) => s.done && s.presses > 0)
  if (counted.length === 0) return null
  return counted.reduce((sum, s) => sum + s.presses, 0) / counted.length
}
