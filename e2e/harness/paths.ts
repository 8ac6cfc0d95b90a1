import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..')
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web')
export const WEB_DIST = path.join(WEB_DIR, 'dist')
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts')
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e/screenshots')
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
