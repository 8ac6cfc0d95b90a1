/**
 * The PagBank simulator as a process of its own, so a server can be killed and restarted while
 * its payment provider keeps running (fault tests). Point a server at it with
 * PAGBANK_TOKEN=<token> PAGBANK_BASE_URL=http://127.0.0.1:<port>/sandbox/pagbank PUBLIC_ORIGIN=…
 */
import Fastify from 'fastify'
import { z } from 'zod'
import { systemClock } from '../adapters/clock'
import { createPagBankSimulator } from '../adapters/payments/pagbank-simulator'

const env = z
  .object({
    PAGBANK_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3998),
    PAGBANK_SANDBOX_TOKEN: z.string().min(8).default('sandbox-local-areia'),
    DATA_DIR: z.string().min(1).default('./data/pagbank-sandbox'),
    /** Delays (ms) between webhook deliveries that failed, as PagBank retries them. */
    PAGBANK_SANDBOX_RETRY_MS: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .default('1000,5000,30000')
      .transform((v) => v.split(',').map(Number)),
    /** `1` adds GET /sandbox/dashboard/orders?email=… (what a sandbox's web dashboard shows). */
    PAGBANK_SANDBOX_DASHBOARD: z.enum(['0', '1']).default('0'),
  })
  .parse(process.env)

const simulator = createPagBankSimulator({
  token: env.PAGBANK_SANDBOX_TOKEN,
  dataDir: env.DATA_DIR,
  clock: systemClock,
  retryDelaysMs: env.PAGBANK_SANDBOX_RETRY_MS,
})
const app = Fastify({ logger: false })
await app.register(simulator.plugin)
if (env.PAGBANK_SANDBOX_DASHBOARD === '1') {
  const Query = z.object({ email: z.string().min(3).max(320) })
  app.get('/sandbox/dashboard/orders', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${env.PAGBANK_SANDBOX_TOKEN}`) {
      return reply.status(401).send({ detail: 'Token inválido.' })
    }
    const query = Query.safeParse(request.query)
    if (!query.success) return reply.status(400).send({ detail: 'Informe o e-mail.' })
    return simulator.ordersOf(query.data.email)
  })
}
const address = await app.listen({ port: env.PAGBANK_SANDBOX_PORT, host: '127.0.0.1' })
console.log(`Sandbox do PagBank em ${address}/sandbox/pagbank`)
