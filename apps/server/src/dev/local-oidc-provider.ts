/**
 * A local OpenID provider configured like Google (email and profile claims inside the
 * id_token, PKCE, `iss` on the callback), for tests and for trying Google sign-in offline
 * (`OIDC_DEV=1 npm run dev`). Never part of a production server.
 */
import type { AddressInfo } from 'node:net'
import http from 'node:http'
import Provider from 'oidc-provider'

export interface LocalAccount {
  email: string
  email_verified: boolean
  name: string
}

export async function startLocalOidcProvider(opts: {
  port?: number
  clientId: string
  clientSecret: string
  redirectUris: string[]
  accounts?: Record<string, LocalAccount>
}) {
  const accounts = new Map(Object.entries(opts.accounts ?? {}))
  const server = http.createServer()
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['areia-local-oidc-dev-only'] },
    findAccount: (_ctx, id) => {
      // Any login the dev interaction page receives becomes an account, like a test Google user.
      const account = accounts.get(id) ?? {
        email: `${id}@example.com`,
        email_verified: true,
        name: id,
      }
      return { accountId: id, claims: () => ({ sub: id, ...account }) }
    },
  })
  provider.on('server_error', () => undefined)
  const handle = provider.callback()
  server.on('request', (req, res) => void handle(req, res))
  return {
    issuer,
    setAccount: (id: string, account: LocalAccount) => accounts.set(id, account),
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/**
 * Plays the user at the provider's development login and consent pages, as a browser would,
 * and returns the callback URL (with `code`, `state`, `iss`) the provider redirects to.
 */
export async function signInAtLocalProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>()
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers ?? {}),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const [k, ...v] = (pair ?? '').split('=')
      if (k) jar.set(k.trim(), v.join('='))
    }
    return res
  }
  let url = authorizationUrl
  for (let hop = 0; hop < 12; hop++) {
    const res = await go(url)
    const location = res.headers.get('location')
    if (location) {
      const next = new URL(location, url)
      if (next.searchParams.has('code') || next.searchParams.has('error')) return next
      url = next.href
      continue
    }
    const html = await res.text()
    const action = /action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`unexpected page at ${url}`)
    const prompt = html.includes('name="login"') ? 'login' : 'consent'
    const body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'x' } : { prompt },
    )
    const posted = await go(new URL(action, url).href, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const to = posted.headers.get('location')
    if (!to) throw new Error(`no redirect after ${prompt}`)
    const next = new URL(to, url)
    if (next.searchParams.has('code') || next.searchParams.has('error')) return next
    url = next.href
  }
  throw new Error('too many redirects at the local provider')
}
