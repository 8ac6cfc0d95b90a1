import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { MatchTags } from '@areia/contracts'
import type { PGlite } from '@electric-sql/pglite'
import { REPO_ROOT } from './paths'
import { SEEDED_PASSWORD } from './accounts'

const FIXTURES = path.join(REPO_ROOT, 'apps/server/test/fixtures/analysis')

/**
 * A video the pipeline has finished with, waiting for the analyst: the server suites' real vision
 * result and files (apps/server/test/fixtures/analysis), written while the server is stopped.
 * Journeys about the report itself skip the minutes the pipeline takes; the analysis journey
 * runs it for real.
 */
export async function seedAnalysedVideo(
  db: PGlite,
  dataDir: string,
  email: string,
  /** What the player said of the game; null: not yet, and the chat is asking for it. */
  game: { date: string; outcome: 'WON' | 'LOST'; score: string } | null,
  /** Changes to the vision result before it is stored (another distance run, another speed). */
  adjust?: (result: { players: Array<Record<string, unknown>> }) => void,
): Promise<number> {
  const { rows: users } = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    email,
  ])
  const userId = users[0]?.id
  if (!userId) throw new Error(`seeding: ${email} missing`)
  const write = (key: string, file: string) => {
    const to = path.join(dataDir, 'videos', key)
    fs.mkdirSync(path.dirname(to), { recursive: true })
    fs.copyFileSync(path.join(FIXTURES, file), to)
  }
  const storageKey = `users/${userId}/${randomUUID()}`
  write(storageKey, 'clip.mp4')
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO videos (user_id, source, status, content_type, storage_key, size_bytes, probe,
       player_identifier, game_date, game_outcome, game_score, awaiting_game_info, accepted_at)
     VALUES ($1, 'GCS', 'IN_REVIEW', 'video/mp4', $2, $3, $4, 2, $5, $6, $7, $8, now())
     RETURNING id`,
    [
      userId,
      storageKey,
      fs.statSync(path.join(FIXTURES, 'clip.mp4')).size,
      JSON.stringify({
        container: 'mp4',
        codec: 'h264',
        duration_seconds: 12,
        width: 960,
        height: 540,
        fps: 10,
      }),
      game?.date ?? null,
      game?.outcome ?? null,
      game?.score ?? null,
      game === null,
    ],
  )
  const videoId = rows[0]!.id
  const run = `analyses/${videoId}/run-1/`
  const heatmaps: Record<string, string> = {}
  for (const id of [1, 2, 3, 4]) {
    heatmaps[String(id)] = `${run}heatmap-${id}.png`
    write(heatmaps[String(id)]!, 'heatmap.png')
  }
  const clips = { '1': `${run}rally-1.mp4`, '2': `${run}rally-2.mp4` }
  for (const key of Object.values(clips)) write(key, 'clip.mp4')
  write(`${run}keyframe.jpg`, 'keyframe.jpg')
  const result = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'result.json'), 'utf8')) as {
    court?: { corners?: unknown }
    players: Array<Record<string, unknown>>
  }
  adjust?.(result)
  await db.query(
    `INSERT INTO video_analyses (video_id, stage, percent, result, corners, corners_source, artifacts)
     VALUES ($1, 'REVIEW', 100, $2, $3, 'proposed', $4)`,
    [
      videoId,
      JSON.stringify(result),
      JSON.stringify(result.court?.corners ?? null),
      JSON.stringify({ keyframe: `${run}keyframe.jpg`, heatmaps, clips, highlights: null }),
    ],
  )
  return videoId
}

/** The analyst's part through the API: picks the player's track, writes a line, publishes. */
export async function publishAsAnalyst(
  url: string,
  analyst: string,
  videoId: number,
  markdown: string,
): Promise<void> {
  const call = await analystCalls(url, analyst, videoId)
  await call('PUT', '/player', { track_id: 2 })
  await call('PUT', '/report', { markdown })
  await call('POST', '/publish')
}

/** The analyst's point-by-point tags of the video, saved through the API. */
export async function tagAsAnalyst(
  url: string,
  analyst: string,
  videoId: number,
  tags: MatchTags,
): Promise<void> {
  const call = await analystCalls(url, analyst, videoId)
  await call('PUT', '/tags', { revision: 0, tags })
}

/** The console's API for one video, logged in as the analyst. */
async function analystCalls(url: string, analyst: string, videoId: number) {
  const login = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: analyst, password: SEEDED_PASSWORD }),
  })
  if (!login.ok) throw new Error(`analyst login: ${login.status}`)
  const { access_token } = (await login.json()) as { access_token: string }
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}/api/v1/analyst/videos/${videoId}${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${access_token}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`)
  }
  return call
}
