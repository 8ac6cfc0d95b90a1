import type { Bus } from '../../adapters/bus'
import type { Mailer, MailTemplates } from '../../adapters/mail'
import type { RateLimitStore } from '../../adapters/rate-limit'
import type { ModuleBase, ServerModule } from '../module'
import type { UsersService } from '../users/service'
import { AccountAttempts } from './account-attempts'
import { AccountTokensStore } from './account-tokens-store'
import { LoginChallenges } from './login-challenge'
import { PasswordHasher } from './passwords'
import { AccountRecovery } from './recovery'
import { recoveryRoutes } from './recovery-routes'
import { SessionRevocations } from './revocations'
import { authRoutes } from './routes'
import { AuthService } from './service'
import { loadSigningKey } from './signing-key'
import { SessionsStore } from './store'
import { AccessTokens } from './tokens'

export interface AuthModuleDeps extends ModuleBase {
  users: UsersService
  /** Carries the ended sessions to every node. */
  bus: Bus
  rateLimits: RateLimitStore
  mail: { outbox: Mailer; templates: MailTemplates }
}

/** Sign-up, sign-in, sessions and account recovery. */
export async function createAuthModule(d: AuthModuleDeps) {
  const { db, clock, rateLimits } = d
  const config = d.config.auth
  const revocations = new SessionRevocations(d.bus)
  await revocations.start()
  const passwords = new PasswordHasher(config.argon2)
  const signingKey = await loadSigningKey(db, config.jwtSecret)
  const auth = new AuthService({
    db,
    sessions: new SessionsStore(),
    users: d.users,
    passwords,
    accessTokens: new AccessTokens(signingKey, config.accessTokenTtlSeconds),
    clock,
    rateLimits,
    config: { ...config, limits: d.config.rateLimits },
    revocations,
    attempts: new AccountAttempts(
      rateLimits.limiter(
        'login-account',
        d.config.rateLimits.loginFailuresPerAccount,
        d.config.rateLimits.windowSeconds,
      ),
      new LoginChallenges(signingKey, rateLimits.limiter('login-challenge', 1, 600), () =>
        clock.now(),
      ),
    ),
  })
  const recovery = new AccountRecovery({
    db,
    store: new AccountTokensStore(),
    users: d.users,
    passwords,
    auth,
    mailer: d.mail.outbox,
    templates: d.mail.templates,
    clock,
    limits: {
      resetPerIp: rateLimits.limiter('reset-ip', 10, 3600),
      resetPerAddress: rateLimits.limiter('reset-address', 3, 3600),
      confirmPerUser: rateLimits.limiter('confirm-user', 5, 3600),
    },
    log: d.log,
  })
  return {
    auth,
    /** The e-mail delivery mints the tokens of reset and confirmation links through this. */
    linkTokens: { mintLink: (grant: number) => recovery.mintLink(grant) },
    routes: async (server) => {
      await server.register(authRoutes, {
        auth,
        afterRegister: async (userId) => {
          await recovery.sendConfirmation(userId, { limited: false })
        },
      })
      await server.register(recoveryRoutes, { recovery })
    },
    // The account's sockets close on every node; a frame sent before they do finds no session.
    erasure: [{ name: 'sessions', afterCommit: (userId) => auth.announceEnded(userId) }],
  } satisfies ServerModule & Record<string, unknown>
}
