import type {
  ErrorCode,
  LoginBody,
  PasswordChangeBody,
  RegisterBody,
  RegisterResponse,
  Role,
  TokenPair,
} from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, Tx } from '../../adapters/db'
import type { Limiter, RateLimitStore } from '../../adapters/rate-limit'
import type { Config } from '../../config'
import { AppError, inTime, tooManyRequests } from '../../errors'
import { emailTaken, type UsersService } from '../users/service'
import type { AccountAttempts } from './account-attempts'
import type { PasswordHasher } from './passwords'
import type { RevocationKind, SessionRevocations } from './revocations'
import type { SessionsStore } from './store'
import { type AccessTokens, hashRefreshToken, newRefreshToken } from './tokens'

export interface ClientInfo {
  ip: string
  userAgent: string | null
}

export interface AuthenticatedUser {
  id: string
  sessionId: string
  role: Role
}

const DAY = 86_400_000
export const INVALID_CREDENTIALS = 'Email ou senha inválidos.'
const SESSION_ENDED = 'Sua sessão expirou. Faça login novamente.'
const TOKEN_REUSED = 'Sua sessão foi encerrada por segurança. Faça login novamente.'
const NOT_AUTHENTICATED = 'Não autenticado.'
const INVALID_ACCESS_TOKEN = 'Token de acesso inválido ou expirado.'

/** How recent a sign-in must be to stand in for the password (accounts without one). */
const RECENT_SIGN_IN_MS = 10 * 60_000
const REAUTHENTICATE =
  'Por segurança, entre de novo com o Google para confirmar que é você e então exclua a conta.'

const unauthorized = (detail: string, code: ErrorCode) =>
  new AppError(401, detail, { code, headers: { 'www-authenticate': 'Bearer' } })

type RefreshOutcome =
  | { ok: true; tokens: TokenPair }
  | {
      ok: false
      detail: string
      code: ErrorCode
      revoked?: { userId: string; sessionId: string }
    }

/** Why every session of an account ends. */
export type EndAllReason = 'password_change' | 'password_reset'

export interface AuthServiceDeps {
  db: Db
  sessions: SessionsStore
  users: UsersService
  passwords: PasswordHasher
  accessTokens: AccessTokens
  clock: Clock
  rateLimits: RateLimitStore
  config: Config['auth'] & { limits: Config['rateLimits'] }
  revocations: SessionRevocations
  attempts: AccountAttempts
}

export class AuthService {
  private readonly limits: {
    loginPerIp: Limiter
    registerPerIp: Limiter
    refreshPerIp: Limiter
  }

  private readonly db: Db
  private readonly sessions: SessionsStore
  private readonly users: UsersService
  private readonly passwords: PasswordHasher
  private readonly accessTokens: AccessTokens
  private readonly clock: Clock
  private readonly config: Config['auth'] & { limits: Config['rateLimits'] }
  private readonly revocations: SessionRevocations
  private readonly attempts: AccountAttempts

  constructor(deps: AuthServiceDeps) {
    ;({
      db: this.db,
      sessions: this.sessions,
      users: this.users,
      passwords: this.passwords,
      accessTokens: this.accessTokens,
      clock: this.clock,
      config: this.config,
      revocations: this.revocations,
      attempts: this.attempts,
    } = deps)
    const { rateLimits, config } = deps
    const { limits } = config
    const w = limits.windowSeconds
    this.limits = {
      loginPerIp: rateLimits.limiter('login-ip', limits.loginPerIp, w),
      registerPerIp: rateLimits.limiter('register-ip', limits.registerPerIp, w),
      refreshPerIp: rateLimits.limiter('refresh-ip', limits.refreshPerIp, w),
    }
  }

  async register(body: RegisterBody, client: ClientInfo): Promise<RegisterResponse> {
    const limit = await this.limits.registerPerIp.hit(client.ip)
    if (!limit.allowed) {
      throw tooManyRequests(
        `Muitos cadastros a partir desta rede. Tente novamente ${inTime(limit.retryAfterSeconds)}.`,
        limit.retryAfterSeconds,
      )
    }
    // Checked before hashing so a taken e-mail costs no argon2 work; the unique index still
    // settles a race between two registrations.
    if (await this.users.findByEmail(body.email)) throw emailTaken()
    const user = await this.users.create(body.email, await this.passwords.hash(body.password))
    return { id: user.id, email: user.email, message: 'Cadastro realizado com sucesso.' }
  }

  async login(body: LoginBody, client: ClientInfo): Promise<TokenPair> {
    const ipLimit = await this.limits.loginPerIp.hit(client.ip)
    if (!ipLimit.allowed) {
      throw tooManyRequests(
        `Muitas tentativas de login. Tente novamente ${inTime(ipLimit.retryAfterSeconds)}.`,
        ipLimit.retryAfterSeconds,
      )
    }
    // Past the account's limit the right password still works, but only with a proof of work.
    await this.attempts.admitLogin(body.username, body)
    const user = await this.users.findByEmail(body.username)
    const ok = await this.passwords.verify(user?.passwordHash ?? null, body.password)
    // A wrong password keeps the attempt counted as the failure it is.
    if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials')
    await this.attempts.succeeded(body.username)
    if (user.status === 'BLOCKED')
      throw new AppError(403, 'Esta conta está bloqueada.', { code: 'account_blocked' })
    if (user.passwordHash && this.passwords.needsRehash(user.passwordHash)) {
      await this.users.setPasswordHash(user.id, await this.passwords.hash(body.password))
    }
    return this.startSession(user.id, user.role, client)
  }

  /** Opens a session (a refresh-token family) for a user whose identity is already proven. */
  async startSession(userId: string, role: Role, client: ClientInfo): Promise<TokenPair> {
    const now = this.clock.now()
    const { token, hash } = newRefreshToken()
    const session = await this.db.transaction(async (tx) => {
      const created = await this.sessions.createSession(tx, {
        userId,
        now,
        expiresAt: new Date(now.getTime() + this.config.sessionMaxDays * DAY),
        userAgent: client.userAgent?.slice(0, 400) ?? null,
        ip: client.ip,
      })
      await this.sessions.addRefreshToken(tx, {
        sessionId: created.id,
        tokenHash: hash,
        now,
        expiresAt: this.refreshExpiry(now, created.expiresAt),
      })
      return created
    })
    return this.tokenPair({ userId, sessionId: session.id, role }, token, now)
  }

  async refresh(refreshToken: string, client: ClientInfo): Promise<TokenPair> {
    const limit = await this.limits.refreshPerIp.hit(client.ip)
    if (!limit.allowed) {
      throw tooManyRequests(
        `Muitas renovações de sessão. Tente novamente ${inTime(limit.retryAfterSeconds)}.`,
        limit.retryAfterSeconds,
      )
    }
    const hash = hashRefreshToken(refreshToken)
    const now = this.clock.now()
    // The outcome is returned rather than thrown so that revoking a reused family commits.
    const outcome = await this.db.transaction(async (tx): Promise<RefreshOutcome> => {
      const found = await this.sessions.findRefreshToken(tx, hash)
      if (!found) return { ok: false, detail: SESSION_ENDED, code: 'session_expired' }
      const { token, session } = found
      if (session.revokedAt || found.userStatus === 'BLOCKED') {
        return { ok: false, detail: SESSION_ENDED, code: 'session_revoked' }
      }
      if (session.expiresAt <= now || token.expiresAt <= now) {
        return { ok: false, detail: SESSION_ENDED, code: 'session_expired' }
      }
      const won = token.usedAt === null && (await this.sessions.markUsed(tx, hash, now))
      if (!won) {
        const usedAt = token.usedAt ?? now
        const withinGrace =
          now.getTime() - usedAt.getTime() <= this.config.refreshReuseGraceSeconds * 1000
        if (!withinGrace) {
          // RFC 9700 §4.14: a rotated token presented again means it leaked; end the family.
          await this.sessions.revokeSession(tx, session.id, 'refresh_token_reuse', now)
          return {
            ok: false,
            detail: TOKEN_REUSED,
            code: 'session_revoked',
            revoked: { userId: session.userId, sessionId: session.id },
          }
        }
        // Two tabs refreshing with the same token at once: the late one gets a sibling token.
      }
      const next = newRefreshToken()
      await this.sessions.addRefreshToken(tx, {
        sessionId: session.id,
        tokenHash: next.hash,
        now,
        expiresAt: this.refreshExpiry(now, session.expiresAt),
      })
      await this.sessions.touchSession(tx, session.id, now)
      return {
        ok: true,
        tokens: await this.tokenPair(
          { userId: session.userId, sessionId: session.id, role: found.role },
          next.token,
          now,
        ),
      }
    })
    if (!outcome.ok) {
      if (outcome.revoked) {
        await this.revocations.revoked(outcome.revoked.userId, outcome.revoked.sessionId)
      }
      throw unauthorized(outcome.detail, outcome.code)
    }
    return outcome.tokens
  }

  /** Ends the session of the access token and/or of the refresh token given; idempotent. */
  async logout(opts: {
    sessionId?: string | undefined
    refreshToken?: string | undefined
  }): Promise<void> {
    const now = this.clock.now()
    const ended = async (sessionId: string) => {
      const userId = await this.sessions.revokeSession(this.db, sessionId, 'logout', now)
      if (userId) await this.revocations.revoked(userId, sessionId)
    }
    if (opts.sessionId) await ended(opts.sessionId)
    if (opts.refreshToken) {
      const found = await this.sessions.findRefreshToken(
        this.db,
        hashRefreshToken(opts.refreshToken),
      )
      if (found) await ended(found.session.id)
    }
  }

  /**
   * Ends every session of the account, here and on the sockets of every node. With `tx`, the
   * caller commits first and then calls `announceEnded`.
   */
  async endAllSessions(userId: string, reason: EndAllReason, tx?: Tx): Promise<void> {
    await this.sessions.revokeAllForUser(tx ?? this.db, userId, reason, this.clock.now())
    if (!tx) await this.announceEnded(userId)
  }

  /** Closes what outlives a request (chat sockets) of every session of the account. */
  announceEnded(userId: string): Promise<void> {
    return this.revocations.revoked(userId, null)
  }

  /** A proven owner (a reset password) starts with a clean slate of failed logins. */
  clearLoginFailures(email: string): Promise<void> {
    return this.attempts.succeeded(email)
  }

  /** The user's role changed: what was opened under the old one (sockets) opens again. */
  announceRoleChanged(userId: string): Promise<void> {
    return this.revocations.revoked(userId, null, 'changed')
  }

  /** Calls `end` once this session ends or changes, on any node; returns the way to stop. */
  onSessionEnd(userId: string, sessionId: string, end: (kind: RevocationKind) => void): () => void {
    return this.revocations.watch(userId, sessionId, end)
  }

  /** What a session opened earlier (a socket's) is now: still it, changed (role), or over. */
  async sessionNow(opened: AuthenticatedUser): Promise<'alive' | RevocationKind> {
    const session = await this.sessions.findActiveSession(this.db, opened.sessionId, opened.id)
    if (
      !session ||
      session.revokedAt ||
      session.expiresAt <= this.clock.now() ||
      session.userStatus === 'BLOCKED'
    ) {
      return 'ended'
    }
    return session.role === opened.role ? 'alive' : 'changed'
  }

  /** Checks a bearer token and that its session is still alive (logout and revocation bite at once). */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedUser> {
    const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null
    if (!match?.[1]) throw unauthorized(NOT_AUTHENTICATED, 'not_authenticated')
    return this.authenticateToken(match[1])
  }

  async authenticateToken(token: string): Promise<AuthenticatedUser> {
    const now = this.clock.now()
    const claims = await this.accessTokens.verify(token, now)
    if (!claims) throw unauthorized(INVALID_ACCESS_TOKEN, 'invalid_token')
    const session = await this.sessions.findActiveSession(this.db, claims.sessionId, claims.userId)
    if (!session || session.expiresAt <= now) throw unauthorized(SESSION_ENDED, 'session_expired')
    if (session.revokedAt) throw unauthorized(SESSION_ENDED, 'session_revoked')
    if (session.userStatus === 'BLOCKED')
      throw new AppError(403, 'Esta conta está bloqueada.', { code: 'account_blocked' })
    return { id: claims.userId, sessionId: claims.sessionId, role: session.role }
  }

  async changePassword(userId: string, body: PasswordChangeBody): Promise<{ message: string }> {
    const user = await this.users.findById(userId)
    if (!user) throw unauthorized(SESSION_ENDED, 'session_expired')
    await this.checkCurrentPassword(user, body.current_password)
    if (body.current_password === body.new_password) {
      throw new AppError(400, 'A nova senha deve ser diferente da senha atual.', {
        code: 'password_unchanged',
      })
    }
    const newHash = await this.passwords.hash(body.new_password)
    await this.db.transaction(async (tx) => {
      await this.users.setPasswordHash(userId, newHash, tx)
      // A changed password must lock out whoever knew the old one, on every device.
      await this.endAllSessions(userId, 'password_change', tx)
    })
    await this.announceEnded(userId)
    return { message: 'Senha alterada com sucesso!' }
  }

  /**
   * The password of a signed-in player, asked again before what a stolen session must not do
   * (a new password, deleting the account). Wrong answers count with the failed logins of the
   * account, each counted before it is checked; past the limit none is checked until the window
   * passes.
   */
  async checkCurrentPassword(
    user: { email: string; passwordHash: string | null },
    password: string,
  ): Promise<void> {
    if (!user.passwordHash) {
      throw new AppError(400, 'Sua conta entra com o Google e não possui senha definida.', {
        code: 'no_password',
      })
    }
    await this.attempts.admitPasswordCheck(user.email)
    if (!(await this.passwords.verify(user.passwordHash, password))) {
      throw new AppError(400, 'A senha atual está incorreta.', { code: 'wrong_password' })
    }
    await this.attempts.notAFailure(user.email)
  }

  /**
   * For an account without a password (Google only): the session must come from a sign-in of the
   * last few minutes, so a stolen access token alone cannot do what needs the owner.
   */
  async requireRecentSignIn(userId: string, sessionId: string): Promise<void> {
    const at = await this.sessions.signedInAt(this.db, sessionId, userId)
    if (!at || this.clock.now().getTime() - at.getTime() > RECENT_SIGN_IN_MS) {
      throw new AppError(403, REAUTHENTICATE, { code: 'reauthentication_required' })
    }
  }

  private refreshExpiry(now: Date, sessionEnd: Date): Date {
    const idle = now.getTime() + this.config.refreshTokenTtlDays * DAY
    return new Date(Math.min(idle, sessionEnd.getTime()))
  }

  private async tokenPair(
    claims: { userId: string; sessionId: string; role: Role },
    refreshToken: string,
    now: Date,
  ): Promise<TokenPair> {
    return {
      access_token: await this.accessTokens.sign(claims, now),
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.accessTokens.ttlSeconds,
    }
  }
}
