import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadOrCreateSimulatorToken } from '../src/adapters/payments/simulator-card'
import { ConfigError, loadConfig } from '../src/config'

describe('loadConfig', () => {
  it('runs with no environment at all, in embedded mode', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(path.resolve('./data'))
    expect(config.databaseUrl).toBeUndefined()
    expect(config.redisUrl).toBeUndefined()
    expect(config.auth.accessTokenTtlSeconds).toBe(900)
    expect(config.auth.argon2).toMatchObject({ memoryKib: 19_456, timeCost: 2, queueSeconds: 5 })
    expect(config.auth.argon2.concurrency).toBeGreaterThanOrEqual(1)
  })

  it('lists every bad key at once', () => {
    let error: unknown
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        ARGON2_MEMORY_KIB: '1024',
        JWT_SECRET: 'curto',
        LOG_LEVEL: 'verbose',
      })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    const keys = (error as ConfigError).problems.map((p) => p.split(':')[0])
    expect(keys.sort()).toEqual([
      'ARGON2_MEMORY_KIB',
      'DATABASE_URL',
      'JWT_SECRET',
      'LOG_LEVEL',
      'PORT',
    ])
  })

  it('refuses to start in production without PUBLIC_ORIGIN and SMTP_URL, naming both', () => {
    let error: unknown
    try {
      loadConfig({ NODE_ENV: 'production', PAYMENTS_SIMULATOR: '1' })
    } catch (err) {
      error = err
    }
    expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
      'PUBLIC_ORIGIN',
      'SMTP_URL',
    ])
    const config = loadConfig({
      NODE_ENV: 'production',
      PAYMENTS_SIMULATOR: '1',
      PUBLIC_ORIGIN: 'https://areia.app.br',
      SMTP_URL: 'smtps://areia:segredo@smtp.exemplo.com:465',
    })
    expect(config.publicOrigin).toBe('https://areia.app.br')
    expect(config.mail.smtpUrl).toBe('smtps://areia:segredo@smtp.exemplo.com:465')
  })

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', JWT_SECRET: '' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.redisUrl).toBeUndefined()
    expect(config.auth.jwtSecret).toBeUndefined()
  })

  it('honours PORT, DATA_DIR and the production URLs', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/areia',
      DATABASE_URL: 'postgres://u@db:5432/areia',
      REDIS_URL: 'redis://cache:6379',
    })
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/areia',
      databaseUrl: 'postgres://u@db:5432/areia',
      redisUrl: 'redis://cache:6379',
    })
  })

  it('namespaces Redis keys and channels by REDIS_PREFIX, and refuses one with odd characters', () => {
    expect(loadConfig({}).redisPrefix).toBe('areia')
    const staging = loadConfig({ REDIS_PREFIX: 'areia-staging' })
    expect(staging.redisPrefix).toBe('areia-staging')
    expect(staging.rateLimits.keyPrefix).toBe('areia-staging:rl')
    expect(() => loadConfig({ REDIS_PREFIX: 'a b*' })).toThrow(ConfigError)
  })
})

describe('the payments simulator', () => {
  it('is refused in production without a PagBank token, in one line, unless asked for', () => {
    let error: unknown
    try {
      loadConfig({ NODE_ENV: 'production' })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).not.toContain('\n')
    expect((error as ConfigError).message).toContain('PAGBANK_TOKEN')
    const production = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://areia.example',
      SMTP_URL: 'smtp://smtp.exemplo.com:587',
    }
    expect(loadConfig({ ...production, PAYMENTS_SIMULATOR: '1' }).payments).toEqual({
      mode: 'simulated',
    })
    expect(loadConfig({ ...production, PAGBANK_TOKEN: 'tok' }).payments.mode).toBe('pagbank')
  })

  it('signs with a token of its own per data directory, kept across restarts', () => {
    const a = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-sim-'))
    const b = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-sim-'))
    const first = loadOrCreateSimulatorToken(a)
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(loadOrCreateSimulatorToken(a)).toBe(first)
    expect(loadOrCreateSimulatorToken(b)).not.toBe(first)
    expect(fs.statSync(path.join(a, 'pagbank-simulator-token')).mode & 0o077).toBe(0)
  })
})
