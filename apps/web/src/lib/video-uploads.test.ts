import type { Video } from '@areia/contracts/videos'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeVideo } from '../test/helpers'
import { UploadAbortedError, type ChunkTransport } from './resumable-upload'
import {
  cancelVideoUpload,
  differentFileMessage,
  forgetVideoUploads,
  getVideoUploads,
  restoreVideoUploads,
  resumeVideoUpload,
  startVideoUpload,
  UPLOAD_EXPIRED,
  videoUploadsForTests,
} from './video-uploads'
import { loadStoredUploads } from './video-uploads-storage'

const api = vi.hoisted(() => ({
  createUploadUrl: vi.fn<(type: string) => Promise<{ upload_url: string; video_id: number }>>(),
  deleteVideo: vi.fn<(id: number) => Promise<undefined>>(),
}))
vi.mock('./videos-api', () => ({
  createUploadUrl: (type: string) => api.createUploadUrl(type),
  deleteVideo: (id: number) => api.deleteVideo(id),
}))

const USER = 'user-1'
const HOUR = Math.floor(Date.now() / 1000) + 3600
const URL_OK = `/api/v1/videos/uploads/5?expires=${HOUR}&signature=s`
const BYTES = 600 * 1024

const video = (overrides: Partial<Video> = {}): Video =>
  makeVideo({ id: 5, status: 'AWAITING_IDENTIFICATION', ...overrides })

/**
 * The storage side of GCS's protocol in memory: it keeps the bytes in order and answers status
 * queries. `down` fails every request as a dead network; `hang` never answers (until the page
 * goes away, which aborts the request); `answer` forces a status.
 */
function fakeStorage() {
  const state = {
    stored: 0,
    log: [] as string[],
    down: false,
    hang: false,
    answer: null as number | null,
    /** What a forced answer says; the wording is not the server's, only the code is. */
    refusal: { detail: 'O link expirou (frase qualquer).', code: 'upload_url_expired' },
  }
  const transport: ChunkTransport = async ({ body, headers, signal }) => {
    const range = headers['Content-Range'] ?? ''
    state.log.push(range)
    if (state.down) throw new TypeError('network down')
    if (state.hang)
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(new UploadAbortedError())),
      )
    if (state.answer !== null) {
      return { status: state.answer, range: null, body: JSON.stringify(state.refusal) }
    }
    const total = Number(/\/(\d+)$/.exec(range)?.[1])
    const incomplete = () => ({
      status: 308,
      range: state.stored > 0 ? `bytes=0-${state.stored - 1}` : null,
      body: '',
    })
    if (!body) return incomplete()
    const start = Number(/^bytes (\d+)-/.exec(range)?.[1])
    if (start !== state.stored) return incomplete()
    state.stored += body.size
    if (state.stored >= total) return { status: 200, range: null, body: JSON.stringify(video()) }
    return incomplete()
  }
  return { state, transport }
}

const theFile = (name = 'jogo.mp4', lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(BYTES)], name, { type: 'video/mp4', lastModified })

const phaseOf = () => getVideoUploads().map((u) => u.phase)

async function settle() {
  await vi.waitFor(() => expect(phaseOf().includes('uploading')).toBe(false))
}

beforeEach(() => {
  api.createUploadUrl.mockReset().mockResolvedValue({ upload_url: URL_OK, video_id: 5 })
  api.deleteVideo.mockReset().mockResolvedValue(undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(() => {
  videoUploadsForTests.reset()
  videoUploadsForTests.setTransport(undefined)
})

/**
 * Starts an upload, then "reloads" the page while a chunk is in flight: the request dies with
 * the page, 256 KiB had reached the server, and only localStorage remains.
 */
async function interruptedByReload() {
  const storage = fakeStorage()
  storage.state.hang = true
  videoUploadsForTests.setTransport(storage.transport)
  await startVideoUpload(theFile(), USER)
  videoUploadsForTests.reset()
  storage.state.hang = false
  storage.state.stored = 256 * 1024
  storage.state.log = []
  return storage
}

describe('video uploads across a reload', () => {
  it('remembers the session while sending and forgets it once done', async () => {
    const storage = fakeStorage()
    let release: () => void = () => undefined
    videoUploadsForTests.setTransport(async (request) => {
      await new Promise<void>((resolve) => (release = resolve))
      return storage.transport(request)
    })
    await startVideoUpload(theFile(), USER)
    expect(loadStoredUploads(USER)).toEqual([
      {
        videoId: 5,
        uploadUrl: URL_OK,
        fileName: 'jogo.mp4',
        size: BYTES,
        lastModified: 1_700_000_000_000,
        contentType: 'video/mp4',
      },
    ])
    release()
    await settle()
    expect(phaseOf()).toEqual(['done'])
    expect(loadStoredUploads(USER)).toEqual([])
  })

  it('a network that stays down leaves it interrupted and resumable', async () => {
    const storage = fakeStorage()
    storage.state.down = true
    videoUploadsForTests.setTransport(storage.transport)
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      await startVideoUpload(theFile(), USER)
      await vi.runAllTimersAsync()
    } finally {
      vi.useRealTimers()
    }
    await settle()
    expect(phaseOf()).toEqual(['interrupted'])
    expect(loadStoredUploads(USER)).toHaveLength(1)
  })

  it('after a reload: restored as interrupted, refuses another file, resumes from the offset', async () => {
    const storage = await interruptedByReload()
    restoreVideoUploads(USER)
    const [restored] = getVideoUploads()
    expect(restored).toMatchObject({ videoId: 5, phase: 'interrupted', expired: false })
    const key = restored!.key

    expect(resumeVideoUpload(key, theFile('outro.mp4'))).toBe(differentFileMessage('jogo.mp4'))
    expect(resumeVideoUpload(key, theFile('jogo.mp4', 42))).toBe(differentFileMessage('jogo.mp4'))
    expect(storage.state.log).toEqual([])

    expect(resumeVideoUpload(key, theFile())).toBeNull()
    await settle()
    // First the status query, then only the bytes the server did not acknowledge.
    expect(storage.state.log).toEqual([
      `bytes */${BYTES}`,
      `bytes ${256 * 1024}-${BYTES - 1}/${BYTES}`,
    ])
    expect(storage.state.stored).toBe(BYTES)
    expect(phaseOf()).toEqual(['done'])
    expect(loadStoredUploads(USER)).toEqual([])
  })

  it('an expired upload URL says so and leaves only cancelling', async () => {
    const storage = await interruptedByReload()
    restoreVideoUploads(USER)
    const key = getVideoUploads()[0]!.key
    storage.state.answer = 403
    expect(resumeVideoUpload(key, theFile())).toBeNull()
    await settle()
    expect(getVideoUploads()[0]).toMatchObject({
      phase: 'interrupted',
      expired: true,
      error: UPLOAD_EXPIRED,
    })

    await cancelVideoUpload(key)
    expect(api.deleteVideo).toHaveBeenCalledWith(5)
    expect(getVideoUploads()).toEqual([])
    expect(loadStoredUploads(USER)).toEqual([])
  })

  it("a refused upload URL (not expired) fails with the server's detail", async () => {
    const storage = await interruptedByReload()
    restoreVideoUploads(USER)
    const key = getVideoUploads()[0]!.key
    storage.state.answer = 403
    storage.state.refusal = {
      detail: 'Link recusado, com outras palavras.',
      code: 'upload_url_invalid',
    }
    expect(resumeVideoUpload(key, theFile())).toBeNull()
    await settle()
    expect(getVideoUploads()[0]).toMatchObject({
      phase: 'failed',
      error: 'Link recusado, com outras palavras.',
    })
    expect(getVideoUploads()[0]!.expired).toBeFalsy()
  })

  it('a URL already past its expiry is shown expired at once', async () => {
    api.createUploadUrl.mockResolvedValue({
      upload_url: '/api/v1/videos/uploads/5?expires=1000&signature=s',
      video_id: 5,
    })
    await interruptedByReload()
    restoreVideoUploads(USER)
    expect(getVideoUploads()[0]).toMatchObject({ expired: true, error: UPLOAD_EXPIRED })
    expect(resumeVideoUpload(getVideoUploads()[0]!.key, theFile())).toBe(UPLOAD_EXPIRED)
  })

  it("the server's list forgets uploads finished or deleted elsewhere", async () => {
    await interruptedByReload()
    restoreVideoUploads(USER, [video({ status: 'UPLOADING' })])
    expect(phaseOf()).toEqual(['interrupted'])
    restoreVideoUploads(USER, [video({ status: 'QUEUED' })])
    expect(getVideoUploads()).toEqual([])
    expect(loadStoredUploads(USER)).toEqual([])
  })

  it('another user sees none of them, and logout forgets them all', async () => {
    await interruptedByReload()
    restoreVideoUploads('someone-else')
    expect(getVideoUploads()).toEqual([])
    restoreVideoUploads(USER)
    expect(phaseOf()).toEqual(['interrupted'])
    forgetVideoUploads()
    expect(getVideoUploads()).toEqual([])
    restoreVideoUploads(USER)
    expect(getVideoUploads()).toEqual([])
  })
})
