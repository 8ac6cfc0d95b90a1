// The server's production build: `src/main.ts` (and `src/config.ts`, which the start script
// checks the environment with before anything else) and everything of this repository it imports
// (the workspace packages included) bundled into `dist/main.js`, the npm packages left to
// node_modules. Each module keeps the place of its source file: `import.meta.url` and
// `import.meta.dirname` are written as the source's, so the paths the server reads beside its
// code (migrations, fonts, the analysis child) resolve as they do under tsx.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const serverDir = path.resolve(import.meta.dirname, '..')
const outdir = path.join(serverDir, 'dist')

/** Rewrites `import.meta.url` and `import.meta.dirname` of each of our source files. */
const sourcePlace = {
  name: 'source-place',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const text = await fs.promises.readFile(args.path, 'utf8')
      const contents = text
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
      return { contents, loader: 'ts' }
    })
  },
}

/** The node_modules folders the bundle's own place reaches. */
const reachable = [
  path.join(serverDir, 'node_modules'),
  path.resolve(serverDir, '../../node_modules'),
]

/**
 * Workspace packages (`@areia/*`) are TypeScript sources: bundled. Every other package stays in
 * node_modules, imported by name, or by its file when the importing workspace has its own copy
 * (another version) that the bundle's folder would not find.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@areia/') || args.path.startsWith('node:')) return undefined
      try {
        const file = createRequire(path.join(args.resolveDir, 'index.js')).resolve(args.path)
        const nested = !reachable.some((dir) => file.startsWith(dir + path.sep))
        if (nested && file.includes(`${path.sep}node_modules${path.sep}`)) {
          return { path: file, external: true }
        }
      } catch {
        // Not resolvable as CommonJS (an ESM-only package): imported by name.
      }
      return { path: args.path, external: true }
    })
  },
}

const started = performance.now()
fs.rmSync(outdir, { recursive: true, force: true })
await build({
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    config: path.join(serverDir, 'src/config.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [sourcePlace, externalPackages],
})
// A marker the start script compares with the sources' times.
fs.writeFileSync(path.join(outdir, 'built-at'), `${new Date().toISOString()}\n`)
console.log(`server built in ${((performance.now() - started) / 1000).toFixed(1)} s`)
