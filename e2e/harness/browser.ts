import fs from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_PATH } from './paths'

// Debian's Chromium, driven headless without a sandbox (containers run us as root).
export const BROWSER_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium não encontrado em ${CHROMIUM_PATH}: rode node scripts/ensure-chromium.mjs`,
    )
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: BROWSER_FLAGS })
}
