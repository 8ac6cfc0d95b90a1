/**
 * What `zod` resolves to in the web build (vite.config.ts). The page's CSP forbids eval, and zod
 * probes `new Function` as it builds its first object schema unless told beforehand not to compile
 * parsers: a CSP violation on every page load. Every module importing 'zod' imports this one, so
 * the setting is in place before any schema exists, whatever order the chunks load in.
 */
import { z } from 'zod/v4'

z.config({ jitless: true })

export * from 'zod/v4'
export { z, z as default }
