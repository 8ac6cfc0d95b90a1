import type { ErrorBody } from '@areia/contracts'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

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
  // Pages the build prerendered as a visitor sees them (apps/web/prerender-plugin.ts): /login is
  // answered with prerendered/login.html, whose HTML already shows the form.
  const prerenderedDir = path.join(opts.distDir, 'prerendered')
  const prerendered = new Set(
    fs.existsSync(prerenderedDir)
      ? fs
          .readdirSync(prerenderedDir)
          .filter((f) => f.endsWith('.html'))
          .map((f) => `/${f.slice(0, -'.html'.length)}`)
      : [],
  )
  // sendFile: the brotli or gzip copy the browser accepts, and no-cache (setHeaders above).
  const sendHtml = (reply: FastifyReply, file: string) => reply.sendFile(file)
  app.get('/', (_req, reply) => sendHtml(reply, 'index.html'))
  app.get('/*', (request, reply) => {
    const [pathname = '', query] = request.url.split('?')
    if (pathname.startsWith('/api/') || path.extname(pathname) !== '') {
      return reply
        .status(404)
        .send({ detail: 'Recurso não encontrado.', code: 'not_found' } satisfies ErrorBody)
    }
    // With a query (Google's ?code=…) the page renders something else first: no prerender.
    if (query === undefined && prerendered.has(pathname)) {
      return sendHtml(reply, `prerendered${pathname}.html`)
    }
    return sendHtml(reply, 'index.html')
  })
}
