/**
 * `npm run worker`: job consumers without the HTTP server, for scaling background work on
 * PostgreSQL (run API nodes with RUN_WORKER=false). Same code as the API, another entry point.
 */
import { buildApp } from './app'
import { bootstrap, onShutdown, survivesDatabaseOutages } from './bootstrap'

async function main() {
  const { config, database } = await bootstrap({ RUN_WORKER: 'true', SERVE_WEB: 'false' })
  if (database.kind === 'pglite') {
    console.error(
      'O worker separado precisa de DATABASE_URL: no modo embutido o servidor já roda os jobs.',
    )
    process.exit(1)
  }
  const app = await buildApp(config, { database }, { routes: false })
  survivesDatabaseOutages(app.server.log)
  onShutdown(app.server.log, async () => {
    await app.server.close()
    await database.close()
  })
  await app.server.ready()
  app.server.log.info('worker pronto')
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
