import { generateKeyPairSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import forge from 'node-forge'

/**
 * The card half of the PagBank simulator: its own RSA key pair (as PagBank's account key),
 * decryption of what the browser SDK sealed, the sandbox's test cards, and a stand-in for the
 * SDK script with the same `PagSeguro.encryptCard` API.
 */

export interface SimCardKey {
  /** Base64 DER SPKI without PEM headers, as PagBank's `public_key`. */
  publicKey: string
  decrypt(encryptedBase64: string): string
}

/** Generated once and kept under DATA_DIR, so cards sealed before a restart still open. */
/**
 * The simulator's account token, which also signs its webhooks: random, made once per data
 * directory, so no two installs share it and nobody can read it from the source.
 */
export function loadOrCreateSimulatorToken(dataDir: string): string {
  const file = path.join(dataDir, 'pagbank-simulator-token')
  if (fs.existsSync(file)) {
    const token = fs.readFileSync(file, 'utf8').trim()
    if (token.length >= 32) return token
  }
  const token = randomBytes(32).toString('hex')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, token, { mode: 0o600 })
  return token
}

export function loadOrCreateSimulatorKey(dataDir: string): SimCardKey {
  const file = path.join(dataDir, 'pagbank-simulator-key.pem')
  let pem: string
  if (fs.existsSync(file)) {
    pem = fs.readFileSync(file, 'utf8')
  } else {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(file, pem, { mode: 0o600 })
  }
  const privateKey = forge.pki.privateKeyFromPem(pem)
  const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e)
  const der = forge.asn1.toDer(forge.pki.publicKeyToAsn1(publicKey)).getBytes()
  return {
    publicKey: forge.util.encode64(der),
    // Node 20's crypto refuses PKCS#1 v1.5 decryption (CVE-2023-46809); forge still does it.
    decrypt: (encrypted) =>
      forge.util.decodeUtf8(privateKey.decrypt(forge.util.decode64(encrypted), 'RSAES-PKCS1-V1_5')),
  }
}

export interface SealedCard {
  number: string
  securityCode: string
  expMonth: number
  expYear: number
  holder: string
}

/** The SDK's plaintext: `number;securityCode;MM;YYYY;holder;Date.now()`. Null when it is not one. */
export function parseSealedCard(plaintext: string): SealedCard | null {
  const m = /^(\d{13,19});(\d{3,4});(\d{2});(\d{4});([A-Za-z ]{1,30});(\d+)$/.exec(plaintext)
  if (!m) return null
  const expMonth = Number(m[3])
  if (expMonth < 1 || expMonth > 12) return null
  return {
    number: m[1]!,
    securityCode: m[2]!,
    expMonth,
    expYear: Number(m[4]),
    holder: m[5]!,
  }
}

export type CardOutcome = { approved: true } | { approved: false; code: string; message: string }

/**
 * PagBank's sandbox test cards (developer.pagbank.com.br/docs/cartoes-de-teste). Other numbers
 * are refused, as the sandbox refuses real cards. Codes and messages follow the "motivos de
 * compra negada" table (messages without accents, as PagBank sends them).
 */
const APPROVED = new Set(['4539620659922097', '5240082975622454'])
const DECLINED = new Set(['4929291898380766', '5530062640663264'])

export function cardOutcome(
  card: Pick<SealedCard, 'number' | 'expMonth' | 'expYear'>,
  now: Date,
): CardOutcome {
  // A card is valid through the last day of its expiry month.
  const validUntil = Date.UTC(card.expYear, card.expMonth, 1)
  if (validUntil <= now.getTime()) {
    return { approved: false, code: '20054', message: 'CARTAO VENCIDO' }
  }
  if (APPROVED.has(card.number)) return { approved: true }
  if (DECLINED.has(card.number)) {
    return {
      approved: false,
      code: '20017',
      message: 'TRANSACAO NAO PERMITIDA - NAO TENTE NOVAMENTE',
    }
  }
  return { approved: false, code: '20015', message: 'CARTAO INVALIDO - NAO TENTE NOVAMENTE' }
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  return 'elo'
}

/**
 * The browser script: node-forge's browser build followed by `window.PagSeguro.encryptCard`,
 * which validates and seals exactly as PagBank's SDK does (RSA PKCS#1 v1.5, base64). Served
 * from our own origin, so the CSP's `script-src 'self'` admits it.
 */
export function simulatorSdkScript(): string {
  const require = createRequire(import.meta.url)
  const forgeBundle = fs.readFileSync(require.resolve('node-forge/dist/forge.min.js'), 'utf8')
  return `${forgeBundle}\n${SDK_SHIM}`
}

// Runs in the browser as written (a string, so no compiler touches it): ES2017, no imports.
const SDK_SHIM = String.raw`;(function (w) {
  'use strict'
  var forge = w.forge
  function clean(holder) {
    return String(holder || '').trim().slice(0, 30)
      .normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z ]/g, '')
  }
  function encryptCard(opts) {
    opts = opts || {}
    var errors = []
    var number = String(opts.number || '').replace(/\s+/g, '')
    var code = String(opts.securityCode || '')
    var month = Number(opts.expMonth)
    var year = Number(opts.expYear)
    var holder = String(opts.holder || '')
    if (!/^\d{13,19}$/.test(number))
      errors.push({ code: 'INVALID_NUMBER', message: 'invalid field number: between 13 and 19 digits' })
    if (!/^\d{3,4}$/.test(code))
      errors.push({ code: 'INVALID_SECURITY_CODE', message: 'invalid field securityCode: 3 or 4 digits' })
    if (!(month >= 1 && month <= 12))
      errors.push({ code: 'INVALID_EXPIRATION_MONTH', message: 'invalid field expMonth: between 1 and 12' })
    if (!(year >= 1900 && year <= 2099))
      errors.push({ code: 'INVALID_EXPIRATION_YEAR', message: 'invalid field expYear: between 1900 and 2099' })
    if (!holder.trim() || /\d/.test(holder))
      errors.push({ code: 'INVALID_HOLDER', message: 'invalid field holder' })
    var key = null
    try {
      key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.util.decode64(String(opts.publicKey || ''))))
    } catch (e) {
      errors.push({ code: 'INVALID_PUBLIC_KEY', message: 'invalid publicKey' })
    }
    if (errors.length) return { encryptedCard: null, hasErrors: true, errors: errors }
    var plain = [number, code, String(month).padStart(2, '0'), String(year), clean(holder), Date.now()].join(';')
    var sealed = key.encrypt(forge.util.encodeUtf8(plain), 'RSAES-PKCS1-V1_5')
    return { encryptedCard: forge.util.encode64(sealed), hasErrors: false, errors: [] }
  }
  w.PagSeguro = Object.assign(w.PagSeguro || {}, { encryptCard: encryptCard })
})(window);
`

/** The same sealing on the server side, for tests and scripts that play the browser. */
export function sealCardForTests(publicKey: string, card: SealedCard, at = Date.now()): string {
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.util.decode64(publicKey)))
  const plain = [
    card.number,
    card.securityCode,
    String(card.expMonth).padStart(2, '0'),
    String(card.expYear),
    card.holder,
    at,
  ].join(';')
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(plain), 'RSAES-PKCS1-V1_5'))
}
