import { describe, expect, it } from 'vitest'
import { directDownloadUrl } from '../src/modules/videos/link'
import { isPublicAddress } from '../src/modules/videos/ssrf'
import { parseContentRange } from '../src/modules/videos/upload-protocol'

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
