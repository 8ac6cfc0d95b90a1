import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { ChatHistoryItem, TokenPair, Video } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureVideo } from './fixtures/videos'
import { bearer, createTestApp, type TestApp } from './helpers/app'
import { chatHistory, payingPlayer, until } from './helpers/videos'

const MAX_BYTES = 2 * 1024 * 1024
let app: TestApp
let links: http.Server
let base: string
let port: number
let game: Buffer
let tokens: TokenPair

beforeAll(async () => {
  game = fixtureVideo('game').bytes
  // The stand-in for Drive, Dropbox…: a local server with every case a link can meet.
  links = http.createServer((req, res) => {
    const url = req.url ?? '/'
    if (url.startsWith('/video.mp4')) {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': game.length })
      return res.end(game)
    }
    if (url === '/chunked.mp4') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      return res.end(game)
    }
    if (url === '/redirect') {
      res.writeHead(302, { location: '/hop' })
      return res.end()
    }
    if (url === '/hop') {
      res.writeHead(301, { location: `${base}/video.mp4?via=redirect` })
      return res.end()
    }
    if (url === '/loop') {
      res.writeHead(302, { location: '/loop' })
      return res.end()
    }
    if (url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
      return res.end()
    }
    if (url === '/big.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': MAX_BYTES + 1 })
      return res.end(Buffer.alloc(MAX_BYTES + 1))
    }
    if (url === '/big-unannounced.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4' })
      for (let i = 0; i < 3; i++) res.write(Buffer.alloc(1024 * 1024))
      return res.end()
    }
    if (url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end('<html>Google Fotos</html>')
    }
    res.writeHead(404)
    res.end('not found')
  })
  await new Promise<void>((r) => links.listen(0, '127.0.0.1', r))
  port = (links.address() as { port: number }).port
  base = `http://127.0.0.1:${port}`
  app = await createTestApp({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'areia-links-')),
    VIDEO_MAX_BYTES: String(MAX_BYTES),
    VIDEO_LINK_ALLOWED_HOSTS: '127.0.0.1',
    VIDEO_LINK_TIMEOUT_MS: '5000',
    VIDEO_LINK_MAX_REDIRECTS: '3',
  })
  ;({ tokens } = await payingPlayer(app, 'links@example.com', 'ultra'))
}, 120_000)
afterAll(async () => {
  await app.close()
  await new Promise((r) => links.close(r))
})

/** Sends a link and waits for the import job to settle it. */
async function importLink(url: string, source = 'GOOGLE_DRIVE'): Promise<Video> {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/v1/videos/from-link',
    headers: bearer(tokens.access_token),
    payload: { url, source },
  })
  expect(res.statusCode).toBe(202)
  const { id } = res.json<{ id: number }>()
  return until(async () => {
    const list = await app.server.inject({
      method: 'GET',
      url: '/api/v1/videos/me',
      headers: bearer(tokens.access_token),
    })
    const video = list.json<Video[]>().find((v) => v.id === id)
    return video && video.status !== 'UPLOADING' ? video : undefined
  })
}

const lastMessage = async (): Promise<ChatHistoryItem | undefined> =>
  (await chatHistory(app, tokens)).at(-1)

describe('link import', () => {
  it('rejects a malformed URL or an unknown source with a pt-BR detail', async () => {
    for (const payload of [
      { url: 'não é url', source: 'DROPBOX' },
      { url: 'ftp://example.com/x.mp4', source: 'DROPBOX' },
      { url: `${base}/video.mp4`, source: 'YOUTUBE' },
    ]) {
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/v1/videos/from-link',
        headers: bearer(tokens.access_token),
        payload,
      })
      expect(res.statusCode).toBe(422)
      expect(res.json<{ detail: string }>().detail).toBeTruthy()
    }
  })

  it('downloads a direct link into storage and runs the gate', async () => {
    const video = await importLink(`${base}/video.mp4`, 'DROPBOX')
    expect(video).toMatchObject({ status: 'AWAITING_IDENTIFICATION', source: 'DROPBOX' })
    expect(video.probe?.width).toBe(1280)
    // The gate's verdict and the chat prompts are separate writes: wait for the prompts.
    const chat = await until(async () => {
      const items = await chatHistory(app, tokens)
      return items.some((m) => m.actions?.length === 4) ? items : undefined
    })
    const receipt = chat.findIndex((m) => m.content.startsWith('Recebemos o seu vídeo!'))
    const identify = chat.findIndex((m) => m.actions?.length === 4)
    expect(receipt).toBeGreaterThanOrEqual(0)
    expect(identify).toBeGreaterThan(receipt)
  })

  it('follows redirects, and streams a body sent without Content-Length', async () => {
    expect((await importLink(`${base}/redirect`)).status).toBe('AWAITING_IDENTIFICATION')
    expect((await importLink(`${base}/chunked.mp4`)).status).toBe('AWAITING_IDENTIFICATION')
  })

  it('fails clearly on 404, too many redirects, a page instead of a file, and too large', async () => {
    const missing = await importLink(`${base}/missing.mp4`)
    expect(missing).toMatchObject({
      status: 'FAILED',
      failure_reason: 'o link não foi encontrado (erro 404). Confira se ele está certo.',
    })
    expect((await lastMessage())?.content).toBe(
      'Não conseguimos aceitar o seu vídeo: o link não foi encontrado (erro 404). Confira se ele está certo. Quando quiser, envie outro.',
    )
    expect((await importLink(`${base}/loop`)).failure_reason).toBe(
      'o link redireciona vezes demais.',
    )
    expect((await importLink(`${base}/page`, 'GOOGLE_PHOTOS')).failure_reason).toMatch(
      /abre uma página/,
    )
    const tooLarge = 'o arquivo passa do limite de 2 MB.'
    expect((await importLink(`${base}/big.mp4`)).failure_reason).toBe(tooLarge)
    expect((await importLink(`${base}/big-unannounced.mp4`)).failure_reason).toBe(tooLarge)
  })

  it('refuses loopback, private and link-local addresses (also after a redirect)', async () => {
    const blocked = 'o link aponta para um endereço que não podemos acessar.'
    for (const url of [
      `http://localhost:${port}/video.mp4`,
      `http://[::1]:${port}/video.mp4`,
      'http://10.0.0.7/video.mp4',
      'http://172.20.1.1/video.mp4',
      'http://192.168.0.10/video.mp4',
      'http://169.254.169.254/latest/meta-data/',
      `${base}/to-metadata`,
    ]) {
      const video = await importLink(url)
      expect({ url, status: video.status, reason: video.failure_reason }).toEqual({
        url,
        status: 'FAILED',
        reason: blocked,
      })
    }
  })
})
