import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/**
 * A temporary folder for the suite's rendered videos and outputs, made before its other
 * `beforeAll` hooks (call this first) and removed after the suite.
 */
export function scratchDir(prefix: string): (name: string) => string {
  let dir = ''
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  return (name) => path.join(dir, name)
}
