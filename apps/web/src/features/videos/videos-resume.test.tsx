import type { Video } from '@areia/contracts/videos'
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChunkTransport } from '../../lib/resumable-upload'
import { differentFileMessage, videoUploadsForTests } from '../../lib/video-uploads'
import { INTERRUPTED_HINT } from '../../lib/video-uploads-resume'
import { loadStoredUploads, saveStoredUpload } from '../../lib/video-uploads-storage'
import { makeVideo } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { VIDEOS_POLL_MS, VideosPage, videosPollInterval } from './videos-page'

const api = vi.hoisted(() => ({
  list: vi.fn<() => Promise<Video[]>>(),
  remove: vi.fn<(id: number) => Promise<undefined>>(),
}))
vi.mock('../../lib/videos-api', () => ({
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => api.list(),
  deleteVideo: (id: number) => api.remove(id),
  createUploadUrl: vi.fn(),
}))

const SIZE = 4096
const LAST_MODIFIED = 1_700_000_000_000

const video = (overrides: Partial<Video> = {}): Video =>
  makeVideo({ id: 9, status: 'UPLOADING', ...overrides })

/** What the page before the reload left in localStorage for the fake user (`u1`). */
function storedBeforeReload(expires = Math.floor(Date.now() / 1000) + 3600) {
  saveStoredUpload('u1', {
    videoId: 9,
    uploadUrl: `/api/v1/videos/uploads/9?expires=${expires}&signature=s`,
    fileName: 'jogo-sabado.mp4',
    size: SIZE,
    lastModified: LAST_MODIFIED,
    contentType: 'video/mp4',
  })
}

const file = (name = 'jogo-sabado.mp4') =>
  new File([new Uint8Array(SIZE)], name, { type: 'video/mp4', lastModified: LAST_MODIFIED })

beforeEach(() => {
  api.list.mockReset()
  api.remove.mockReset()
})
afterEach(() => {
  videoUploadsForTests.reset()
  videoUploadsForTests.setTransport(undefined)
})

describe('Meus Vídeos and an upload a reload interrupted', () => {
  it('offers Retomar envio; another file is refused; the same one resumes and the list refreshes', async () => {
    storedBeforeReload()
    api.list.mockResolvedValue([video()])
    const log: string[] = []
    const transport: ChunkTransport = ({ headers }) => {
      log.push(headers['Content-Range'] ?? '')
      // Half the file had arrived before the reload.
      if (log.length === 1)
        return Promise.resolve({ status: 308, range: `bytes=0-${SIZE / 2 - 1}`, body: '' })
      const done = video({ status: 'AWAITING_IDENTIFICATION' })
      api.list.mockResolvedValue([done])
      return Promise.resolve({ status: 200, range: null, body: JSON.stringify(done) })
    }
    videoUploadsForTests.setTransport(transport)
    renderRoutes([{ path: '/videos', element: <VideosPage /> }], '/videos')

    expect(await screen.findByText(INTERRUPTED_HINT)).toBeVisible()
    expect(screen.getByText('Enviando')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Cancelar Envio' })).toBeVisible()
    const picker = screen.getByLabelText('Arquivo para retomar o envio de jogo-sabado.mp4')

    await userEvent.click(screen.getByRole('button', { name: 'Retomar envio' }))
    await userEvent.upload(picker, file('outro.mp4'))
    expect(screen.getByRole('alert')).toHaveTextContent(differentFileMessage('jogo-sabado.mp4'))
    expect(log).toEqual([])

    await userEvent.upload(picker, file())
    expect(await screen.findByText('Aguardando identificação')).toBeVisible()
    expect(log).toEqual([`bytes */${SIZE}`, `bytes ${SIZE / 2}-${SIZE - 1}/${SIZE}`])
    expect(screen.queryByRole('button', { name: 'Retomar envio' })).toBeNull()
    expect(loadStoredUploads('u1')).toEqual([])
  })

  it('an expired upload says so and only offers to cancel, which deletes the video', async () => {
    storedBeforeReload(1000)
    api.list.mockResolvedValue([video()])
    api.remove.mockResolvedValue(undefined)
    renderRoutes([{ path: '/videos', element: <VideosPage /> }], '/videos')
    expect(await screen.findByRole('alert')).toHaveTextContent(/prazo para retomar/)
    expect(screen.queryByRole('button', { name: 'Retomar envio' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar Envio' }))
    expect(api.remove).toHaveBeenCalledWith(9)
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(loadStoredUploads('u1')).toEqual([])
  })

  it('a session whose video is no longer uploading is forgotten', async () => {
    storedBeforeReload()
    api.list.mockResolvedValue([video({ status: 'QUEUED' })])
    renderRoutes([{ path: '/videos', element: <VideosPage /> }], '/videos')
    const row = (await screen.findByText('Na fila de análise')).closest('li')!
    expect(within(row).queryByRole('button', { name: 'Retomar envio' })).toBeNull()
    await waitFor(() => expect(loadStoredUploads('u1')).toEqual([]))
  })
})

describe('Meus Vídeos polling', () => {
  it('polls every 15 s only while some video can still change', () => {
    expect(videosPollInterval(undefined)).toBe(false)
    expect(videosPollInterval([])).toBe(false)
    expect(videosPollInterval([video({ status: 'READY' }), video({ status: 'FAILED' })])).toBe(
      false,
    )
    expect(videosPollInterval([video({ status: 'READY' }), video({ status: 'ANALYZING' })])).toBe(
      VIDEOS_POLL_MS,
    )
    expect(VIDEOS_POLL_MS).toBe(15_000)
  })
})
