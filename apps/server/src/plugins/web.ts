import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * Serves the built web app on the API's port. Unknown non-API GETs get index.html so that
 * client-side routes survive a reload; hashed assets are cached for a year, the shell never.
 */
export async function webApp(app: FastifyInstance, opts: { distDir: string }) {
  const index = path.join(opts.distDir, 'index.html')
  if (!fs.existsSync(index)) {
    app.log.warn(`web app not built (${index} missing): run npm run build`)
    return
  }
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of text assets (vite.config.ts); a browser gets the one
    // it accepts, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  const html = () => fs.createReadStream(index)
  app.get('/', (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html()),
  )
  app.get('/*', (request, reply) => {
    const url = request.url
    if (url.startsWith('/api/') || path.extname(url.split('?')[0] ?? '') !== '') {
      return reply.status(404).send({ detail: 'Recurso não encontrado.' })
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html())
  })
}
