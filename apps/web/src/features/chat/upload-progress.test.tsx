import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChunkTransport } from '../../lib/resumable-upload'
import { startVideoUpload, videoUploadsForTests } from '../../lib/video-uploads'
import { renderRoutes } from '../../test/render-with-providers'
import { UploadProgressList } from './upload-progress'

const api = vi.hoisted(() => ({ createUploadUrl: vi.fn() }))
vi.mock('../../lib/videos-api', () => ({
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => Promise.resolve([]),
  createUploadUrl: (type: string) => api.createUploadUrl(type) as unknown,
}))

afterEach(() => {
  videoUploadsForTests.reset()
  videoUploadsForTests.setTransport(undefined)
})

describe('uploads shown in the chat', () => {
  it('offers "Cancelar Envio" while bytes are going, and not once they have all arrived', async () => {
    api.createUploadUrl.mockResolvedValue({
      upload_url: 'http://x/u',
      video_id: 7,
      expires_at: 'x',
      max_bytes: 10,
    })
    let arrive: () => void = () => undefined
    const transport: ChunkTransport = async ({ body, onProgress }) => {
      onProgress((body?.size ?? 0) / 2)
      await new Promise<void>((resolve) => (arrive = resolve))
      onProgress(body?.size ?? 0)
      await new Promise<void>(() => undefined)
      return { status: 200, range: null, body: '' }
    }
    videoUploadsForTests.setTransport(transport)
    renderRoutes([{ path: '/chat', element: <UploadProgressList /> }], '/chat')
    const file = new File([new Uint8Array(2 * 1024 * 1024)], 'jogo.mp4', { type: 'video/mp4' })
    await act(() => startVideoUpload(file, 'u1').then(() => undefined))

    expect(await screen.findByRole('button', { name: 'Cancelar Envio' })).toBeEnabled()
    act(() => arrive())
    expect(await screen.findByText('Verificando o vídeo...')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Cancelar Envio' })).toBeNull()
  })
})
