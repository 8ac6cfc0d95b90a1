import { describe, expect, it } from 'vitest'
import { unblockSteps } from './unblock-help'

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

describe('unblockSteps', () => {
  it('speaks of the place where the player can lift the block', () => {
    expect(unblockSteps(SAFARI_MAC, false, true)).toContain('Ajustes › Notificações › Areia')
    expect(unblockSteps(CHROME_ANDROID, true, false)).toContain('Informações do app')
    expect(unblockSteps(CHROME_ANDROID, false, false)).toContain('ao lado do endereço')
    expect(unblockSteps(FIREFOX, false, false)).toMatch(/^No Firefox/)
    expect(unblockSteps(SAFARI_MAC, false, false)).toMatch(/^No Safari/)
  })
})
