/**
 * Build-time rendering of the public pages as a visitor (no stored session) first sees them, so
 * their HTML shows the form before any JavaScript has run; main.tsx then hydrates it. Run by the
 * prerender plugin (vite.config.ts) in Node after the client build, never in the browser.
 */
import { prerender as prerenderToStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import '@areia/contracts/locale'
import { AppProviders } from './app/app'
import { routes } from './app/router'

/** The pages prerendered at build time; the server sends `prerendered/<name>.html` for them. */
export const PRERENDERED_PATHS = ['/login', '/register'] as const

export async function prerender(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://localhost${pathname}`))
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  // prerender waits for every lazy page, unlike renderToString. A page that throws would be
  // written as a client-rendered hole: the build fails instead.
  const errors: unknown[] = []
  const { prelude } = await prerenderToStream(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
    { onError: (error) => void errors.push(error) },
  )
  const html = await new Response(prelude).text()
  if (errors.length > 0) throw new Error(`prerender of ${pathname} failed`, { cause: errors[0] })
  return html
}
