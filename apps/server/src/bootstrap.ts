import fs from 'node:fs'
import { type Database, isDatabaseUnavailable, openDatabase } from './adapters/db'
import { type Config, ConfigError, loadConfig } from './config'

/** Shared start-up of the API (`main.ts`) and the standalone worker (`worker.ts`). */
export async function bootstrap(
  overrides: Record<string, string> = {},
): Promise<{ config: Config; database: Database }> {
  let config: Config
  try {
    config = loadConfig({ ...process.env, ...overrides })
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  fs.mkdirSync(config.dataDir, { recursive: true })
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  )
  return { config, database }
}

/** Runs `stop` once on SIGTERM/SIGINT, exiting 0 when it finishes and 1 if it fails or hangs. */
export function onShutdown(
  log: { info(o: object, m: string): void; error(o: object | string, m?: string): void },
  stop: () => Promise<void>,
  timeoutMs = 15_000,
): void {
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      log.error('shutdown timed out; exiting')
      process.exit(1)
    }, timeoutMs)
    timer.unref()
    try {
      await stop()
      process.exit(0)
    } catch (err) {
      log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

/**
 * The job queue settles a finished or failed job without awaiting it, so a database outage at that
 * moment surfaces as an unhandled rejection. The job stays active, expires and is retried, so the
 * process stays up and says so; any other unhandled rejection still ends the process.
 */
export function survivesDatabaseOutages(log: { error(o: object, m: string): void }): void {
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason
    log.error({ err: reason }, 'database unavailable while settling a job; it will be retried')
  })
}
