import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'

describe('loadConfig', () => {
  it('runs with no environment at all, in embedded mode', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(path.resolve('./data'))
    expect(config.databaseUrl).toBeUndefined()
    expect(config.redisUrl).toBeUndefined()
    expect(config.auth.accessTokenTtlSeconds).toBe(900)
    expect(config.auth.argon2).toEqual({ memoryKib: 19_456, timeCost: 2 })
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
      loadConfig({ NODE_ENV: 'production' })
    } catch (err) {
      error = err
    }
    expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
      'PUBLIC_ORIGIN',
      'SMTP_URL',
    ])
    const config = loadConfig({
      NODE_ENV: 'production',
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
})
