import { execFileSync } from 'node:child_process'
import { createECDH, type ECDH, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { decrypt } from 'http_ece'
import { importJWK, jwtVerify } from 'jose'

export interface Received {
  endpointId: string
  headers: Record<string, string | string[] | undefined>
  plaintext: string
  vapid: { aud?: unknown; sub?: unknown; exp?: unknown }
  /** The application server key the JWT was checked against (`k=` of the header). */
  vapidKey: string
}

/** A browser's side of a subscription: its keys, so the test can decrypt what arrives. */
export interface FakeBrowser {
  id: string
  ecdh: ECDH
  auth: Buffer
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
}

/**
 * A local HTTPS push service (RFC 8030) with its own certificate. It answers per endpoint as
 * scripted, decrypts every payload with the subscription's keys (RFC 8291) and verifies the
 * VAPID JWT (RFC 8292) against the key the request carries.
 */
export async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-push-'))
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  const browsers = new Map<string, FakeBrowser>()
  const script = new Map<string, number[]>()
  const received: Received[] = []
  const server = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        void (async () => {
          const id = (req.url ?? '').split('/').pop() ?? ''
          const browser = browsers.get(id)
          const status = script.get(id)?.shift() ?? 201
          if (browser && status === 201) {
            const plaintext = decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: browser.ecdh,
              authSecret: browser.auth,
            }).toString('utf8')
            const auth = String(req.headers.authorization)
            const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(auth) ?? []
            const point = Buffer.from(k ?? '', 'base64url')
            const publicKey = await importJWK(
              {
                kty: 'EC',
                crv: 'P-256',
                x: point.subarray(1, 33).toString('base64url'),
                y: point.subarray(33, 65).toString('base64url'),
              },
              'ES256',
            )
            const { payload } = await jwtVerify(jwt ?? '', publicKey, { algorithms: ['ES256'] })
            received.push({
              endpointId: id,
              headers: req.headers,
              plaintext,
              vapid: payload,
              vapidKey: k ?? '',
            })
          }
          res.writeHead(status).end()
        })().catch(() => res.writeHead(400).end())
      })
    },
  )
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    ca: fs.readFileSync(cert),
    /** The certificate's file, for a server process to trust (NODE_EXTRA_CA_CERTS). */
    caFile: cert,
    /** Scripts the statuses the next deliveries to this browser get (then 201). */
    respond(browser: FakeBrowser, ...statuses: number[]) {
      script.set(browser.id, statuses)
    },
    browser(): FakeBrowser {
      const id = randomBytes(8).toString('hex')
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const b: FakeBrowser = {
        id,
        ecdh,
        auth,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
      }
      browsers.set(id, b)
      return b
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
