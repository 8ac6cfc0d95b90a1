import { describe, expect, it } from 'vitest'
import { parseGameInfo } from '../src/modules/videos/game-info'
import { directDownloadUrl } from '../src/modules/videos/link'
import { isPublicAddress } from '../src/modules/videos/ssrf'
import { parseContentRange } from '../src/modules/videos/upload-protocol'

// 2025-11-20 15:00 in São Paulo.
const now = new Date('2025-11-20T18:00:00Z')

describe('game date and result from a chat message', () => {
  it.each([
    ['12/10/2025, ganhamos 6x4', { date: '2025-10-12', outcome: 'WON', score: '6x4' }],
    ['ontem, perdemos 4/6', { date: '2025-11-19', outcome: 'LOST', score: '4x6' }],
    ['hoje vencemos 6-3 4-6 10-8', { date: '2025-11-20', outcome: 'WON', score: '6x3 4x6 10x8' }],
    ['15/11 perdi de 3x6', { date: '2025-11-15', outcome: 'LOST', score: '3x6' }],
    // Without a year, a date still to come is last year's.
    ['25/12, derrota', { date: '2024-12-25', outcome: 'LOST', score: null }],
    ['anteontem', { date: '2025-11-18', outcome: null, score: null }],
  ])('%s', (text, expected) => {
    expect(parseGameInfo(text, now)).toEqual(expected)
  })

  it('understands nothing in a message about something else', () => {
    expect(parseGameInfo('Como melhoro o meu saque?', now)).toBeNull()
  })

  it('ignores impossible or future dates', () => {
    expect(parseGameInfo('31/02/2025 ganhamos', now)).toEqual({
      date: null,
      outcome: 'WON',
      score: null,
    })
    expect(parseGameInfo('12/12/2025', now)).toBeNull()
  })
})

describe('share links to direct downloads', () => {
  it('turns a Drive file link into uc?export=download', () => {
    expect(
      directDownloadUrl(
        'GOOGLE_DRIVE',
        'https://drive.google.com/file/d/1AbC-d_9/view?usp=sharing',
      ),
    ).toBe('https://drive.google.com/uc?export=download&id=1AbC-d_9')
    expect(directDownloadUrl('GOOGLE_DRIVE', 'https://drive.google.com/open?id=XYZ')).toBe(
      'https://drive.google.com/uc?export=download&id=XYZ',
    )
  })

  it('asks Dropbox for the file (dl=1)', () => {
    expect(directDownloadUrl('DROPBOX', 'https://www.dropbox.com/s/abc/jogo.mp4?dl=0')).toBe(
      'https://www.dropbox.com/s/abc/jogo.mp4?dl=1',
    )
  })

  it('keeps links it has no direct form for', () => {
    expect(directDownloadUrl('ICLOUD', 'https://www.icloud.com/iclouddrive/0abc#jogo')).toBe(
      'https://www.icloud.com/iclouddrive/0abc#jogo',
    )
  })
})

describe('SSRF guard', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:10.0.0.1', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['2001:4860:4860::8888', true],
  ])('%s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected)
  })
})

describe('Content-Range of resumable uploads', () => {
  it('reads every form GCS uses', () => {
    expect(parseContentRange(undefined)).toEqual({ kind: 'whole' })
    expect(parseContentRange('bytes */1000')).toEqual({ kind: 'query', total: 1000 })
    expect(parseContentRange('bytes */*')).toEqual({ kind: 'query', total: null })
    expect(parseContentRange('bytes 0-499/1000')).toEqual({
      kind: 'chunk',
      start: 0,
      end: 499,
      total: 1000,
    })
    expect(parseContentRange('bytes 500-999/*')).toEqual({
      kind: 'chunk',
      start: 500,
      end: 999,
      total: null,
    })
  })

  it('refuses malformed or impossible ranges', () => {
    for (const bad of ['bytes 5-1/10', 'bytes 0-10/10', 'items 0-1/2', 'bytes 0-/10', '']) {
      expect(parseContentRange(bad)).toBe('invalid')
    }
  })
})
