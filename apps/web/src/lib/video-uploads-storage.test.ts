import { describe, expect, it } from 'vitest'
import {
  clearAllStoredUploads,
  loadStoredUploads,
  removeStoredUpload,
  resumeDecision,
  saveStoredUpload,
  uploadUrlExpiry,
  type StoredUpload,
} from './video-uploads-storage'

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0)
const inSeconds = (s: number) => Math.floor((NOW + s * 1000) / 1000)

function stored(overrides: Partial<StoredUpload> = {}): StoredUpload {
  return {
    videoId: 7,
    uploadUrl: `/api/v1/videos/uploads/7?expires=${inSeconds(3600)}&signature=abc`,
    fileName: 'jogo-sabado.mp4',
    size: 1000,
    lastModified: 1_700_000_000_000,
    contentType: 'video/mp4',
    ...overrides,
  }
}

describe('stored upload sessions', () => {
  it('are kept per user, replaced by video id and removed one by one', () => {
    saveStoredUpload('ana', stored())
    saveStoredUpload('ana', stored({ videoId: 8, fileName: 'treino.mov' }))
    saveStoredUpload('ana', stored({ fileName: 'renomeado.mp4' }))
    saveStoredUpload('bia', stored({ videoId: 9 }))
    expect(loadStoredUploads('ana').map((u) => [u.videoId, u.fileName])).toEqual([
      [8, 'treino.mov'],
      [7, 'renomeado.mp4'],
    ])
    expect(loadStoredUploads('bia').map((u) => u.videoId)).toEqual([9])

    removeStoredUpload('ana', 8)
    expect(loadStoredUploads('ana').map((u) => u.videoId)).toEqual([7])
    removeStoredUpload('ana', 7)
    expect(window.localStorage.getItem('areia.video_uploads.ana')).toBeNull()
  })

  it('skip what cannot be read and survive garbage', () => {
    window.localStorage.setItem('areia.video_uploads.ana', '{not json')
    expect(loadStoredUploads('ana')).toEqual([])
    window.localStorage.setItem(
      'areia.video_uploads.ana',
      JSON.stringify([{ videoId: 'x' }, stored(), 42]),
    )
    expect(loadStoredUploads('ana')).toEqual([stored()])
  })

  it('are all forgotten on logout, and nothing else is touched', () => {
    saveStoredUpload('ana', stored())
    saveStoredUpload('bia', stored({ videoId: 9 }))
    window.localStorage.setItem('areia.access_token', 't')
    clearAllStoredUploads()
    expect(loadStoredUploads('ana')).toEqual([])
    expect(loadStoredUploads('bia')).toEqual([])
    expect(window.localStorage.getItem('areia.access_token')).toBe('t')
  })
})

describe('upload URL expiry', () => {
  it("reads our server's `expires` and S3's presigned date plus duration", () => {
    expect(uploadUrlExpiry(`/api/v1/videos/uploads/7?expires=${inSeconds(10)}&signature=s`)).toBe(
      NOW + 10_000,
    )
    expect(
      uploadUrlExpiry(
        'https://s3.example.com/b/k?X-Amz-Date=20261123T120000Z&X-Amz-Expires=900&X-Amz-Signature=s',
      ),
    ).toBe(NOW + 900_000)
    expect(uploadUrlExpiry('https://storage.example.com/upload?id=1')).toBeNull()
  })
})

describe('resume decision', () => {
  const file = { name: 'jogo-sabado.mp4', size: 1000, lastModified: 1_700_000_000_000 }

  it('resumes with the very same file while the URL is valid', () => {
    expect(resumeDecision(stored(), file, NOW)).toBe('resume')
    // Without a file yet (just restored) the URL alone decides.
    expect(resumeDecision(stored(), null, NOW)).toBe('resume')
    // A URL that does not say when it expires is tried; the server has the last word.
    expect(resumeDecision(stored({ uploadUrl: '/upload?id=1' }), file, NOW)).toBe('resume')
  })

  it('refuses another file: name, size or modification time differ', () => {
    expect(resumeDecision(stored(), { ...file, name: 'outro.mp4' }, NOW)).toBe('different-file')
    expect(resumeDecision(stored(), { ...file, size: 999 }, NOW)).toBe('different-file')
    expect(resumeDecision(stored(), { ...file, lastModified: 1 }, NOW)).toBe('different-file')
  })

  it('says expired when the URL is past (or within a minute of) its expiry', () => {
    const expiring = (s: number) =>
      stored({ uploadUrl: `/api/v1/videos/uploads/7?expires=${inSeconds(s)}&signature=s` })
    expect(resumeDecision(expiring(-5), file, NOW)).toBe('expired')
    expect(resumeDecision(expiring(30), file, NOW)).toBe('expired')
    expect(resumeDecision(expiring(120), file, NOW)).toBe('resume')
    // Expiry wins over a wrong file: picking another file would not help.
    expect(resumeDecision(expiring(-5), { ...file, size: 1 }, NOW)).toBe('expired')
  })
})
