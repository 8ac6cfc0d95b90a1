import { clockAhead } from './adapters/clock'
import { buildApp } from './app'
import { bootstrap, onShutdown, survivesDatabaseOutages } from './bootstrap'

async function main() {
  const { config, database } = await bootstrap()
  const app = await buildApp(config, {
    database,
    ...(config.clockOffsetSeconds > 0 ? { clock: clockAhead(config.clockOffsetSeconds) } : {}),
  })
  const { server } = app
  survivesDatabaseOutages(server.log)
  onShutdown(server.log, async () => {
    app.drain()
    // Stops accepting connections and waits for in-flight requests before onClose hooks run.
    await server.close()
    await database.close()
  })
  await server.listen({ host: config.host, port: config.port })
  server.log.info(
    { mode: database.kind === 'pglite' ? 'embedded' : 'postgres', dataDir: config.dataDir },
    `Areia pronta em http://localhost:${(server.server.address() as { port: number }).port}`,
  )
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
