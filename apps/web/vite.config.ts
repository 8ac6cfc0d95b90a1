import { fileURLToPath } from 'node:url'
import { constants as zlibConstants } from 'node:zlib'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { prerenderPages } from './prerender-plugin'

// In production the server hosts dist/ on its own port; in `npm run dev` Vite proxies the API.
export default defineConfig({
  plugins: [
    react(),
    // The service worker (src/sw/sw.ts) is built with the app and gets the precache list of this
    // very build injected; the app registers it itself (src/features/push/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      // public/manifest.webmanifest is the manifest; index.html links it.
      manifest: false,
      injectManifest: {
        // Navigations always go to the network (the shell is never stale). Without one, the chat
        // starts from this build's index.html (it reads its conversation from the device) and
        // other pages fall back to offline.html; src/sw/sw.ts never answers a page from the
        // precache while the network answers.
        globPatterns: ['**/*.{js,css,woff2,png,svg,webmanifest}', 'index.html', 'offline.html'],
        // Inter's other scripts load only for text that needs them (unicode-range).
        globIgnores: ['sw.js', 'assets/inter-{cyrillic,greek,vietnamese}*'],
        rollupFormat: 'es',
        sourcemap: false,
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies next to every text asset: the server sends the one the browser
    // accepts (preCompressed in plugins/web.ts) without compressing on each request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|html|svg|webmanifest|json)$/,
      threshold: 1024,
    }),
    prerenderPages(),
  ],
  resolve: {
    alias: [
      // zod without its eval probe (see the module): the shared contracts import it as 'zod'.
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('src/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true, changeOrigin: false },
      // The PagBank simulator (its SDK stand-in and "Simular pagamento") in embedded mode.
      '/sandbox': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The server's CSP forbids inline scripts; keep Vite from inlining the module preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
})
