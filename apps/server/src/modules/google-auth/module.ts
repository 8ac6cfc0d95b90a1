import type { CustomFetch } from 'openid-client'
import { createOidcClient } from '../../adapters/oauth'
import type { RateLimitStore } from '../../adapters/rate-limit'
import type { AuthService } from '../auth/service'
import type { ModuleBase, ServerModule } from '../module'
import type { UsersService } from '../users/service'
import { googleAuthRoutes } from './routes'
import { GoogleAuthService } from './service'
import { GoogleAuthStore } from './store'

export interface GoogleAuthModuleDeps extends ModuleBase {
  users: UsersService
  auth: AuthService
  /** Tests only: the HTTP client that reaches the provider. */
  oidcFetch?: CustomFetch | undefined
  rateLimits: RateLimitStore
}

/** "Entrar com Google". */
export function createGoogleAuthModule(d: GoogleAuthModuleDeps) {
  const { google: settings, rateLimits: limits } = d.config
  const google = new GoogleAuthService({
    db: d.db,
    store: new GoogleAuthStore(),
    users: d.users,
    auth: d.auth,
    oidc: settings
      ? createOidcClient({ ...settings, ...(d.oidcFetch ? { fetch: d.oidcFetch } : {}) })
      : undefined,
    clock: d.clock,
    limiter: d.rateLimits.limiter('google-ip', limits.loginPerIp, limits.windowSeconds),
    redirectUris: settings?.redirectUris ?? [],
  })
  return {
    google,
    routes: async (server) => {
      await server.register(googleAuthRoutes, { google })
    },
  } satisfies ServerModule & Record<string, unknown>
}
