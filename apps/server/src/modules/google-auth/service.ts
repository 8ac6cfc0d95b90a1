import type { GoogleLoginBody, TokenPair } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { type OidcClient, randomCodeVerifier, randomNonce, randomState } from '../../adapters/oauth'
import type { Limiter } from '../../adapters/rate-limit'
import { AppError, inTime, tooManyRequests } from '../../errors'
import type { AuthService, ClientInfo } from '../auth/service'
import type { UsersService } from '../users/service'
import type { GoogleAuthStore } from './store'

const PROVIDER = 'google'
const STATE_TTL_MS = 10 * 60_000
const NOT_CONFIGURED = 'O login com Google não está configurado neste servidor.'
const BAD_STATE = 'Sessão de login com Google inválida ou expirada. Tente novamente.'
const EXCHANGE_FAILED = 'Não foi possível validar o login com o Google. Tente novamente.'

export interface GoogleAuthServiceDeps {
  db: Db
  store: GoogleAuthStore
  users: UsersService
  auth: AuthService
  oidc: OidcClient | undefined
  clock: Clock
  limiter: Limiter
  redirectUris: readonly string[]
}

/**
 * Sign in with Google: an authorization-code flow with PKCE whose state, nonce and verifier
 * never leave the server. Accounts are keyed on Google's `sub`; an existing e-mail account is
 * linked only when Google vouches for the address.
 */
export class GoogleAuthService {
  private readonly db: Db
  private readonly store: GoogleAuthStore
  private readonly users: UsersService
  private readonly auth: AuthService
  private readonly oidc: OidcClient | undefined
  private readonly clock: Clock
  private readonly limiter: Limiter
  private readonly redirectUris: readonly string[]

  constructor(deps: GoogleAuthServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      users: this.users,
      auth: this.auth,
      oidc: this.oidc,
      clock: this.clock,
      limiter: this.limiter,
      redirectUris: this.redirectUris,
    } = deps)
  }

  get enabled(): boolean {
    return this.oidc !== undefined
  }

  async start(redirectUri: string): Promise<string> {
    const oidc = this.requireOidc()
    this.checkRedirect(redirectUri)
    const now = this.clock.now()
    const state = randomState()
    const nonce = randomNonce()
    const codeVerifier = randomCodeVerifier()
    await this.store.pruneStates(this.db, now)
    await this.store.saveState(this.db, {
      state,
      nonce,
      codeVerifier,
      redirectUri,
      now,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    })
    return oidc.authorizationUrl({ redirectUri, state, nonce, codeVerifier })
  }

  async login(body: GoogleLoginBody, client: ClientInfo): Promise<TokenPair> {
    const oidc = this.requireOidc()
    const limit = await this.limiter.hit(client.ip)
    if (!limit.allowed) {
      throw tooManyRequests(
        `Muitas tentativas de login. Tente novamente ${inTime(limit.retryAfterSeconds)}.`,
        limit.retryAfterSeconds,
      )
    }
    this.checkRedirect(body.redirect_uri)
    const pending = await this.store.consumeState(
      this.db,
      body.state,
      body.redirect_uri,
      this.clock.now(),
    )
    if (!pending) throw new AppError(400, BAD_STATE, { code: 'google_state_invalid' })
    const callbackUrl = new URL(body.redirect_uri)
    callbackUrl.searchParams.set('code', body.code)
    callbackUrl.searchParams.set('state', body.state)
    if (body.iss) callbackUrl.searchParams.set('iss', body.iss)
    let identity
    try {
      identity = await oidc.exchange({
        callbackUrl,
        codeVerifier: pending.codeVerifier,
        state: body.state,
        nonce: pending.nonce,
      })
    } catch {
      throw new AppError(401, EXCHANGE_FAILED, { code: 'google_exchange_failed' })
    }
    if (!identity.email || !identity.emailVerified) {
      throw new AppError(403, 'O e-mail da sua conta Google não está verificado.', {
        code: 'google_email_unverified',
      })
    }
    const userId = await this.resolveUser(identity.subject, identity.email, identity.name)
    const user = await this.users.findById(userId)
    if (!user) throw new AppError(401, EXCHANGE_FAILED, { code: 'google_exchange_failed' })
    if (user.status === 'BLOCKED')
      throw new AppError(403, 'Esta conta está bloqueada.', { code: 'account_blocked' })
    return this.auth.startSession(user.id, user.role, client)
  }

  private async resolveUser(subject: string, email: string, name: string | null): Promise<string> {
    const known = await this.store.findUserId(this.db, PROVIDER, subject)
    if (known) return known
    const existing = await this.users.findByEmail(email)
    const userId =
      existing?.id ?? (await this.users.create(email, null, { emailVerified: true })).id
    if (!existing && name) await this.users.updateProfile(userId, { name: name.slice(0, 120) })
    await this.store.link(this.db, { provider: PROVIDER, subject, userId, email })
    return userId
  }

  private requireOidc(): OidcClient {
    if (!this.oidc) throw new AppError(503, NOT_CONFIGURED, { code: 'google_not_configured' })
    return this.oidc
  }

  private checkRedirect(uri: string): void {
    if (!this.redirectUris.includes(uri)) {
      throw new AppError(422, 'Endereço de retorno do login com Google não permitido.', {
        code: 'redirect_not_allowed',
      })
    }
  }
}
