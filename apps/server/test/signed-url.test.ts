import { createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { UrlSigner } from '../src/lib/signed-url'

const key = randomBytes(32)
const signer = new UrlSigner(key)
const expiresAt = new Date('2026-11-26T12:00:00Z')
const expires = String(expiresAt.getTime() / 1000)
const before = new Date(expiresAt.getTime() - 1000)

function parts(query: string): [string, string] {
  const params = new URLSearchParams(query)
  return [params.get('expires') ?? '', params.get('signature') ?? '']
}

describe('UrlSigner', () => {
  it('signs `purpose:subject…:expires` with HMAC-SHA256, so URLs already handed out stay valid', () => {
    const mac = createHmac('sha256', key)
      .update(`analysis-media:42:clip:3:${expires}`)
      .digest('base64url')
    expect(signer.sign('analysis-media', [42, 'clip', 3], expiresAt)).toBe(
      `expires=${expires}&signature=${mac}`,
    )
  })

  it('accepts its own URL until it expires, then calls it expired', () => {
    const [e, s] = parts(signer.sign('video-upload', [7], expiresAt))
    expect(signer.verify('video-upload', [7], e, s, before)).toBe('ok')
    expect(signer.verify('video-upload', [7], e, s, expiresAt)).toBe('expired')
  })

  it('refuses another purpose, another subject, another key or a changed expiry', () => {
    const [e, s] = parts(signer.sign('video-upload', [7], expiresAt))
    expect(signer.verify('video-frame', [7], e, s, before)).toBe('invalid')
    expect(signer.verify('video-upload', [8], e, s, before)).toBe('invalid')
    expect(new UrlSigner(randomBytes(32)).verify('video-upload', [7], e, s, before)).toBe('invalid')
    expect(signer.verify('video-upload', [7], String(Number(e) + 60), s, before)).toBe('invalid')
  })

  it('calls a forged URL invalid even when its date has passed', () => {
    const [e] = parts(signer.sign('video-upload', [7], expiresAt))
    expect(signer.verify('video-upload', [7], e, 'x'.repeat(43), expiresAt)).toBe('invalid')
  })

  it('refuses missing or malformed parts without computing anything', () => {
    const [e, s] = parts(signer.sign('video-upload', [7], expiresAt))
    expect(signer.verify('video-upload', [7], undefined, s, before)).toBe('invalid')
    expect(signer.verify('video-upload', [7], e, undefined, before)).toBe('invalid')
    expect(signer.verify('video-upload', [7], `${e}.5`, s, before)).toBe('invalid')
    expect(signer.verify('video-upload', [7], '1'.repeat(13), s, before)).toBe('invalid')
    expect(signer.verify('video-upload', [7], e, s.slice(1), before)).toBe('invalid')
  })

  it('will not sign a subject part with a colon, which could read as two parts', () => {
    expect(() => signer.sign('analysis-media', [1, 'clip:2'], expiresAt)).toThrow()
  })
})
