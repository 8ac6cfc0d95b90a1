// The identification picture on real footage, when the labelled clips sit next to the repository
// (../shared/footage; never copied into it): the outdoor match has line judges and a ball kid
// beside the court, and only the four players may be numbered; the chips then name them.
import fs from 'node:fs'
import path from 'node:path'
import type { IdentificationFrame } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { videos } from '../src/db/schema'
import { AnalysisRunner } from '../src/modules/analysis/runner'
import type { PeopleFinder, StillPeople } from '../src/modules/videos/identification'
import { withTeam } from './helpers/analysis'
import { bearer } from './helpers/app'
import { testDatabase } from './helpers/database'
import { footageWanted, OUTDOOR_CLIP } from './helpers/footage'
import {
  chatHistory,
  identify,
  payingPlayer,
  until,
  type VideoHarness,
  videoHarness,
} from './helpers/videos'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
const LABELS = path.join(
  path.dirname(OUTDOOR_CLIP),
  'labels',
  '03_outdoor_webcam_iynbd_1500_long_high_baseline.json',
)
/** The clip's frame rate and size (its README). */
const FPS = 60
const WIDTH = 1920
const HEIGHT = 1080

type Box = { x: number; y: number; w: number; h: number }

/** Whether a numbered box is that labelled player: its centre lies inside their box. */
const isPlayer = (p: Box, l: Box) =>
  p.x + p.w / 2 >= l.x &&
  p.x + p.w / 2 <= l.x + l.w &&
  p.y + p.h / 2 >= l.y &&
  p.y + p.h / 2 <= l.y + l.h

/** The four players' hand-drawn boxes at a moment, as shares of the picture. */
function labelledPlayers(atSec: number): Box[] {
  const labels = JSON.parse(fs.readFileSync(LABELS, 'utf8')) as Record<
    string,
    Record<string, number[]>
  >
  const frame = labels[String(Math.round(atSec * FPS))]
  if (!frame) throw new Error(`no labels at ${atSec} s`)
  return Object.values(frame).map(([x1, y1, x2, y2]) => ({
    x: x1! / WIDTH,
    y: y1! / HEIGHT,
    w: (x2! - x1!) / WIDTH,
    h: (y2! - y1!) / HEIGHT,
  }))
}

let runner: AnalysisRunner
let h: VideoHarness

describe.skipIf(!footageWanted())('the identification picture on real footage', () => {
  beforeAll(async () => {
    runner = new AnalysisRunner(1, quiet)
    const finder: PeopleFinder = {
      find: (file, signal, source) =>
        runner.run<StillPeople>({ op: 'still', file, ...source }, { signal }),
    }
    h = await videoHarness({ VIDEO_MAX_BYTES: String(64 * 1024 * 1024) }, { peopleFinder: finder })
  }, 120_000)

  afterAll(async () => {
    await h?.app.close()
    await runner?.close()
  })

  it('numbers exactly the four players, and a chip names the person of that number', async () => {
    const { app } = h
    const { tokens, userId } = await payingPlayer(app, 'ident-real@example.com')
    await withTeam(userId)
    const { video_id } = await h.uploadWhole(tokens, fs.readFileSync(OUTDOOR_CLIP))
    const ready = await until(async () => {
      const body = (
        await app.server.inject({
          method: 'GET',
          url: `/api/v1/videos/${video_id}/identification`,
          headers: bearer(tokens.access_token),
        })
      ).json<IdentificationFrame>()
      return body.status === 'pending' ? undefined : body
    }, 600_000)
    expect(ready.status).toBe('ready')

    const { db } = await testDatabase({ reset: false })
    const [row] = await db.select().from(videos).where(eq(videos.id, video_id))
    const labelled = labelledPlayers(row!.identificationFrame!.atSec)
    // Each numbered box is one labelled player, each player is numbered once.
    expect(ready.players).toHaveLength(4)
    const matched = ready.players.map((p) => labelled.findIndex((l) => isPlayer(p.box, l)))
    expect(
      matched.every((i) => i >= 0),
      JSON.stringify({ players: ready.players, labelled }),
    ).toBe(true)
    expect(new Set(matched).size).toBe(4)
    // The near pair first: lower in the picture than the far pair.
    const feet = ready.players.map((p) => p.box.y + p.box.h)
    expect(Math.min(feet[0]!, feet[1]!)).toBeGreaterThan(Math.max(feet[2]!, feet[3]!))

    // The chips follow the picture's numbers.
    const res = await identify(app, tokens, video_id, { player_identifier: '3º jogador' })
    expect(res.statusCode).toBe(200)
    const [after] = await db.select().from(videos).where(eq(videos.id, video_id))
    expect(after?.playerPick?.number).toBe(3)
    expect(after?.playerPick?.box).toEqual(ready.players[2]!.box)
    const chat = await chatHistory(app, tokens)
    expect(chat.map((m) => m.content)).toContain(
      'Obrigado! Registramos que você é o jogador 3 da foto.',
    )
  }, 900_000)
})
