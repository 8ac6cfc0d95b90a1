import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, type Plugin, type ResolvedConfig } from 'vite'

type PrerenderModule = {
  PRERENDERED_PATHS: readonly string[]
  prerender: (pathname: string) => Promise<string>
}

const ROOT_ELEMENT = '<div id="root"></div>'
/** A classic, blocking script: the server's CSP admits same-origin scripts, not inline ones. */
export const SESSION_GATE = '<script src="/session-gate.js"></script>'

/**
 * After the client build, renders the public pages of src/prerender.tsx in Node and writes each
 * into a copy of the built index.html (`prerendered/login.html`, with brotli and gzip copies),
 * so a visitor's browser paints the form from the HTML alone. The server sends those files for
 * their paths (apps/server/src/plugins/web.ts).
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'areia-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      if (config.build.ssr) return
      const outDir = path.resolve(config.root, config.build.outDir)
      // Inside the package, so the server bundle's bare imports (react, react-router) resolve.
      const ssrDir = path.join(config.root, 'node_modules/.cache/areia-prerender')
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          plugins: [react()],
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
        })
        const entry = pathToFileURL(path.join(ssrDir, 'prerender.js')).href
        const mod = (await import(entry)) as PrerenderModule
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
        if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`)
        const target = path.join(outDir, 'prerendered')
        fs.mkdirSync(target, { recursive: true })
        for (const pathname of mod.PRERENDERED_PATHS) {
          const markup = await mod.prerender(pathname)
          const html = template
            .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`)
            // Before the body is painted: a returning player's form stays hidden (public/session-gate.js).
            .replace('</head>', `${SESSION_GATE}</head>`)
          const file = path.join(target, `${pathname.slice(1)}.html`)
          fs.writeFileSync(file, html)
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html))
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }))
        }
      } finally {
        fs.rmSync(ssrDir, { recursive: true, force: true })
      }
    },
  }
}
