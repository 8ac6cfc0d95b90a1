import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'

const run = promisify(execFile)

/**
 * A small real match stand-in: 31 s (the gate refuses < 30 s) of ffmpeg's test pattern at
 * 1280×720, 25 fps (no quality warning), at a bitrate that keeps it a few hundred KB.
 */
export async function makeTestVideo(): Promise<{
  file: string
  size: number
  cleanup: () => void
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-video-'))
  const file = path.join(dir, 'jogo-sabado.mp4')
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-t',
    '31',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '40',
    '-pix_fmt',
    'yuv420p',
    file,
  ])
  return {
    file,
    size: fs.statSync(file).size,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  }
}

/**
 * Slows the page's uploads (Chromium's own network emulation) so progress is visible on a
 * loopback server that would otherwise take the whole file in a blink.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  })
}

export const UPLOAD_PATH = /\/api\/v1\/videos\/uploads\/\d+/
