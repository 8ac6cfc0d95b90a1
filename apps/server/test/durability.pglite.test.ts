import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ServerProcess, startServer } from './helpers/server-process'

const running: ServerProcess[] = []
const dirs: string[] = []

afterEach(() => {
  for (const s of running.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL')
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-durability-'))
  dirs.push(dir)
  return dir
}

async function start(dataDir: string) {
  const server = await startServer(dataDir)
  running.push(server)
  return server
}

const registerUser = (url: string, email: string) =>
  fetch(`${url}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'segredo123' }),
  })

const loginUser = (url: string, email: string) =>
  fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: 'segredo123' }),
  })

describe('embedded mode durability', () => {
  it('loses no acknowledged write when the server is killed with SIGKILL mid-traffic', async () => {
    const dataDir = tempDataDir()
    const first = await start(dataDir)
    const acknowledged: string[] = []
    let n = 0
    let stop = false
    // Four writers keep requests in flight so the kill lands in the middle of real work.
    const writer = async () => {
      while (!stop) {
        const email = `duravel${n++}@example.com`
        try {
          const res = await registerUser(first.url, email)
          if (res.status === 201) acknowledged.push(email)
        } catch {
          return // connection died with the server
        }
      }
    }
    const writers = Promise.all([writer(), writer(), writer(), writer()])
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(40), {
      timeout: 30_000,
      interval: 20,
    })
    first.child.kill('SIGKILL')
    stop = true
    await writers
    expect((await first.exited).signal).toBe('SIGKILL')

    const second = await start(dataDir)
    const failed: string[] = []
    for (const email of acknowledged) {
      if ((await loginUser(second.url, email)).status !== 200) failed.push(email)
    }
    expect(failed).toEqual([])
    expect(acknowledged.length).toBeGreaterThanOrEqual(40)
  }, 180_000)

  it('on SIGTERM finishes the request in flight, closes the database and exits 0', async () => {
    const dataDir = tempDataDir()
    const first = await start(dataDir)
    // `Expect: 100-continue` tells us the server has taken the request before the signal is
    // sent; the body follows the signal, so the request is genuinely in flight during shutdown.
    const body = JSON.stringify({ email: 'emvoo@example.com', password: 'segredo123' })
    const req = http.request(`${first.url}/api/v1/auth/register/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    })
    const status = new Promise<number | undefined>((resolve, reject) => {
      req.once('response', (res) => {
        res.resume()
        resolve(res.statusCode)
      })
      req.once('error', reject)
    })
    await new Promise<void>((resolve) => req.once('continue', resolve))
    first.child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 100))
    req.end(body)
    expect(await status).toBe(201)
    expect(await first.exited).toEqual({ code: 0, signal: null })
    // A clean close releases the DATA_DIR lock, and the user is there after the restart.
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
    const second = await start(dataDir)
    expect((await loginUser(second.url, 'emvoo@example.com')).status).toBe(200)
  }, 180_000)

  it('refuses to open a DATA_DIR that another live server holds', async () => {
    const dataDir = tempDataDir()
    await start(dataDir)
    await expect(startServer(dataDir)).rejects.toThrow(/já está em uso/)
  }, 180_000)
})
