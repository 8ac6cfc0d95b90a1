// Files on a real S3 server (Ceph's object gateway, scripts/s3-server.sh) with the server process
// configured by S3_*: a 200 MB upload cut twice (a dropped connection, then a kill -9 of the
// server) and resumed to the same SHA-256, the analysis reading it and writing its media to the
// bucket, and account erasure leaving no object and no unfinished upload of the player, all
// checked by listing the bucket through the S3 API.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import type { AnalystVideo, IdentificationFrame, TokenPair, VideoReport } from '@areia/contracts'
import { renderMatch } from '@areia/vision/synth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHORT_MATCH } from '../test/helpers/pipeline'
import { type S3Server, s3Bucket, s3Unavailable } from '../test/helpers/s3'
import { freePort, type ServerProcess, startServer } from '../test/helpers/server-process'
import { auth, json, orderPix, registerAndLogIn, subscription } from './helpers/api'
import { type Sandbox, sleep, startSandbox, tempDir, waitFor } from './helpers/services'

const MiB = 1024 * 1024
/** What the web client sends first; every part but the last is at least S3's 5 MiB. */
const CHUNK = 8 * MiB
/** 200 MiB and a last part of 3 MiB, under S3's minimum part size. */
const TOTAL = 203 * MiB + 4321
const EMAIL = 's3-journey@example.com'
const ANALYST = 's3-analista@example.com'
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex')

const skip = s3Unavailable()

let sandbox: Sandbox
let bucket: S3Server
let dataDir: string
let port: number
let base: string
let server: ServerProcess | undefined
let video: Buffer

/**
 * A 31 s generated match (court, four players, rallies) made 200 MB by a trailing `free` box,
 * which MP4 readers skip: the analysis sees the match, the transfer carries every byte.
 */
async function bigMatch(): Promise<Buffer> {
  const file = path.join(dataDir, 'match.mp4')
  await renderMatch(file, {
    ...SHORT_MATCH,
    durationSec: 31,
    rallies: [
      [0.5, 7],
      [9, 16],
      [18, 25],
      [26.5, 30.5],
    ],
  })
  const mp4 = fs.readFileSync(file)
  const box = Buffer.alloc(TOTAL - mp4.length)
  box.writeUInt32BE(box.length, 0)
  box.write('free', 4, 'latin1')
  // Not zeros: a byte lost or moved anywhere changes the digest.
  crypto.randomFillSync(box, 8)
  return Buffer.concat([mp4, box])
}

async function boot() {
  server = await startServer(
    dataDir,
    {
      ...bucket.env,
      PAGBANK_TOKEN: sandbox.token,
      PAGBANK_BASE_URL: sandbox.baseUrl,
      PUBLIC_ORIGIN: base,
      RUN_ANALYSIS: '1',
      ANALYSIS_CONCURRENCY: '1',
    },
    { port },
  )
}

beforeAll(async () => {
  if (skip) return
  sandbox = await startSandbox()
  bucket = await s3Bucket()
  dataDir = tempDir('s3')
  port = await freePort()
  base = `http://127.0.0.1:${port}`
  video = await bigMatch()
  // The analyst (an admin) is created in the embedded database before the server holds it.
  const admin = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/admin-create.ts', '--email', ANALYST, '--password', 'segredo123'],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ...bucket.env },
      encoding: 'utf8',
    },
  )
  if (admin.status !== 0) throw new Error(`admin:create failed: ${admin.stderr}`)
  await boot()
}, 300_000)

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL')
  sandbox?.stop()
  await bucket?.drop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

const logIn = async (email = EMAIL): Promise<TokenPair> => {
  const res = await fetch(`${base}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: 'segredo123' }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as TokenPair
}

/** A paying player (Pix paid at the PagBank sandbox). */
async function payingPlayer(): Promise<TokenPair> {
  const tokens = await registerAndLogIn(base, EMAIL)
  await orderPix(base, tokens)
  const [order] = await waitFor(async () => {
    const list = await sandbox.orders(EMAIL)
    return list.length ? list : undefined
  }, 'the order at the sandbox')
  expect(await sandbox.pay(order!.id)).toBe(200)
  await waitFor(async () => (await subscription(base, tokens))?.status === 'ACTIVE', 'the plan')
  return tokens
}

/** One chunk as the web client sends it. */
const put = (url: string, from: number, to: number) =>
  fetch(url, {
    method: 'PUT',
    headers: {
      'content-type': 'video/mp4',
      'content-range': from === to ? `bytes */${TOTAL}` : `bytes ${from}-${to - 1}/${TOTAL}`,
    },
    body: from === to ? Buffer.alloc(0) : video.subarray(from, to),
  })

/** What the server has kept, as the client asks after a failure (308 with Range, or 200). */
async function kept(url: string): Promise<number> {
  const res = await put(url, TOTAL, TOTAL)
  if (res.status === 200) return TOTAL
  expect(res.status).toBe(308)
  const range = res.headers.get('range')
  return range ? Number(/bytes=0-(\d+)/.exec(range)![1]) + 1 : 0
}

/** Sends a chunk and lets only `sent` bytes of it out; `then` cuts it (or kills the server). */
function partialChunk(url: string, from: number, sent: number): http.ClientRequest {
  const to = Math.min(from + CHUNK, TOTAL)
  const req = http.request(url, {
    method: 'PUT',
    headers: {
      'content-type': 'video/mp4',
      'content-range': `bytes ${from}-${to - 1}/${TOTAL}`,
      'content-length': String(to - from),
    },
  })
  req.on('error', () => undefined)
  req.write(video.subarray(from, from + sent))
  return req
}

async function sendFrom(url: string, from: number, until: number) {
  let at = from
  while (at < until) {
    const to = Math.min(at + CHUNK, TOTAL)
    const res = await put(url, at, to)
    expect(res.status).toBe(to === TOTAL ? 200 : 308)
    at = to
  }
}

interface Mine {
  id: number
  status: string
}
const myVideos = async (tokens: TokenPair) =>
  (await (await fetch(`${base}/api/v1/videos/me`, auth(tokens))).json()) as Mine[]

describe.skipIf(skip)('files on S3: a 200 MB upload, its analysis, erasure', () => {
  let tokens: TokenPair
  let videoId: number
  let userId: string

  it('a 200 MB upload cut twice (once by a kill -9 of the server) resumes to the same SHA-256', async () => {
    tokens = await payingPlayer()
    const res = await fetch(
      `${base}/api/v1/videos/upload-url`,
      auth(tokens, json({ content_type: 'video/mp4' })),
    )
    expect(res.status).toBe(201)
    const created = (await res.json()) as { upload_url: string; video_id: number }
    videoId = created.video_id
    const url = `${base}${new URL(created.upload_url).pathname}${new URL(created.upload_url).search}`

    // 64 MiB, then a chunk whose connection drops half-way: S3 keeps whole parts only.
    await sendFrom(url, 0, 8 * CHUNK)
    const dropped = partialChunk(url, 8 * CHUNK, CHUNK / 2)
    await sleep(300)
    dropped.destroy()
    await waitFor(async () => (await kept(url)) === 8 * CHUNK, 'the server to settle the cut')

    // On to 128 MiB, then the server is killed with a chunk half sent.
    await sendFrom(url, 8 * CHUNK, 16 * CHUNK)
    partialChunk(url, 16 * CHUNK, CHUNK / 2)
    await sleep(300)
    server!.child.kill('SIGKILL')
    expect((await server!.exited).signal).toBe('SIGKILL')
    await boot()
    tokens = await logIn()

    const resumeAt = await kept(url)
    expect(resumeAt).toBe(16 * CHUNK)
    await sendFrom(url, resumeAt, TOTAL)

    const accepted = await waitFor(async () => {
      const v = (await myVideos(tokens)).find((m) => m.id === videoId)
      return v && v.status !== 'UPLOADING' ? v : undefined
    }, 'the quality gate')
    expect(accepted.status).toBe('AWAITING_IDENTIFICATION')

    // Read back through the S3 API: one object of the player, byte for byte what was sent.
    const objects = await bucket.keys('users/')
    const videoKeys = objects.filter((k) => /^users\/[^/]+\/[0-9a-f-]{36}$/.test(k))
    expect(videoKeys).toHaveLength(1)
    userId = videoKeys[0]!.split('/')[1]!
    const got = await bucket.client.send(
      new GetObjectCommand({ Bucket: bucket.settings.bucket, Key: videoKeys[0] }),
    )
    const hash = crypto.createHash('sha256')
    let size = 0
    for await (const chunk of got.Body as AsyncIterable<Buffer>) {
      hash.update(chunk)
      size += chunk.length
    }
    expect(size).toBe(TOTAL)
    expect(hash.digest('hex')).toBe(sha256(video))
    // Nothing of the upload is left unfinished.
    expect(await bucket.uploads('users/')).toEqual([])

    // The identification picture is made from the object and stored beside it.
    const frame = await waitFor(
      async () => {
        const res = await fetch(`${base}/api/v1/videos/${videoId}/identification`, auth(tokens))
        const body = (await res.json()) as IdentificationFrame
        return body.status !== 'pending' ? body : undefined
      },
      'the identification picture',
      120_000,
    )
    expect(frame.status).toBe('ready')
    const picture = await fetch(new URL(frame.frame_url!, base), auth(tokens))
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/jpeg')
    expect(await bucket.keys(`users/${userId}/`)).toContain(`${videoKeys[0]}.identification.jpg`)
  }, 600_000)

  it('the analysis reads the video from the bucket and writes its clips and heatmaps there', async () => {
    expect(videoId).toBeDefined()
    const identified = await fetch(
      `${base}/api/v1/videos/${videoId}/identify`,
      auth(tokens, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ player_identifier: 1 }),
      }),
    )
    expect(identified.status).toBe(200)
    const done = await waitFor(
      async () => {
        const v = (await myVideos(tokens)).find((m) => m.id === videoId)
        return v && ['IN_REVIEW', 'FAILED', 'ANALYSIS_FAILED'].includes(v.status) ? v : undefined
      },
      'the analysis',
      540_000,
    )
    expect(done.status).toBe('IN_REVIEW')
    const media = await bucket.keys(`analyses/${videoId}/`)
    expect(media.filter((k) => k.endsWith('.png')).length).toBeGreaterThanOrEqual(1)
    expect(media.filter((k) => k.endsWith('.mp4')).length).toBeGreaterThanOrEqual(1)
  }, 600_000)

  it("the analyst reads the video by signed ranges from the bucket, publishes, and the player's report works", async () => {
    expect(videoId).toBeDefined()
    const analyst = await logIn(ANALYST)
    const view = (await (
      await fetch(`${base}/api/v1/analyst/videos/${videoId}`, auth(analyst))
    ).json()) as AnalystVideo
    const ranged = async (url: string, range: string) => {
      const res = await fetch(`${base}${url}`, { headers: { range } })
      expect(res.status).toBe(206)
      return Buffer.from(await res.arrayBuffer())
    }
    // The start, a range across the boundary of two parts, and the last bytes of the last part.
    expect((await ranged(view.video_url, 'bytes=0-99')).equals(video.subarray(0, 100))).toBe(true)
    const across = await ranged(view.video_url, `bytes=${CHUNK - 50}-${CHUNK + 49}`)
    expect(across.equals(video.subarray(CHUNK - 50, CHUNK + 50))).toBe(true)
    expect((await ranged(view.video_url, 'bytes=-10')).equals(video.subarray(TOTAL - 10))).toBe(
      true,
    )
    const clip = view.rallies?.items.find((r) => r.clip_url)?.clip_url
    expect(clip).toBeTruthy()
    expect((await ranged(clip!, 'bytes=0-11')).subarray(4, 8).toString()).toBe('ftyp')

    const track = view.player_track_id ?? view.players[0]!.track_id
    const chosen = await fetch(
      `${base}/api/v1/analyst/videos/${videoId}/player`,
      auth(analyst, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ track_id: track }),
      }),
    )
    expect(chosen.status).toBe(200)
    const published = await fetch(
      `${base}/api/v1/analyst/videos/${videoId}/publish`,
      auth(analyst, { method: 'POST' }),
    )
    expect(published.status).toBe(204)

    const report = await fetch(`${base}/api/v1/videos/${videoId}/report`, auth(tokens))
    expect(report.status).toBe(200)
    expect(((await report.json()) as VideoReport).player.track_id).toBe(track)
    const heatmap = await fetch(`${base}/api/v1/videos/${videoId}/report/heatmap.png`, auth(tokens))
    expect(heatmap.status).toBe(200)
    expect(heatmap.headers.get('content-type')).toBe('image/png')
    expect(
      Buffer.from(await heatmap.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG')
  }, 180_000)

  it('deleting the account leaves no object and no unfinished upload of the player in the bucket', async () => {
    expect(userId).toBeDefined()
    // A second video left half-way: its parts sit in an unfinished multipart upload.
    const res = await fetch(
      `${base}/api/v1/videos/upload-url`,
      auth(tokens, json({ content_type: 'video/mp4' })),
    )
    expect(res.status).toBe(201)
    const { upload_url } = (await res.json()) as { upload_url: string }
    const url = `${base}${new URL(upload_url).pathname}${new URL(upload_url).search}`
    expect((await put(url, 0, CHUNK)).status).toBe(308)
    expect(await bucket.uploads(`users/${userId}/`)).toHaveLength(1)
    expect((await bucket.keys(`users/${userId}/`)).length).toBeGreaterThanOrEqual(1)
    expect((await bucket.keys(`analyses/${videoId}/`)).length).toBeGreaterThanOrEqual(1)

    const deleted = await fetch(
      `${base}/api/v1/users/me`,
      auth(tokens, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ confirmation: 'excluir minha conta', password: 'segredo123' }),
      }),
    )
    expect(deleted.status).toBe(204)
    await waitFor(
      async () =>
        (await bucket.keys(`users/${userId}/`)).length === 0 &&
        (await bucket.keys(`analyses/${videoId}/`)).length === 0 &&
        (await bucket.uploads(`users/${userId}/`)).length === 0,
      'the player gone from the bucket',
    )
    expect(await bucket.keys('')).toEqual([])
    expect(await bucket.uploads('')).toEqual([])
  }, 180_000)
})
