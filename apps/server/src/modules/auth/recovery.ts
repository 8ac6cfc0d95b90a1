import type { EmailChangeBody, PasswordResetBody, PasswordResetRequestBody } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { Mailer, MailTemplates } from '../../adapters/mail'
import type { Limiter } from '../../adapters/rate-limit'
import { AppError, inTime, tooManyRequests } from '../../errors'
import { emailTaken, type UserRow, type UsersService } from '../users/service'
import type { AccountTokensStore, AccountTokenPurpose } from './account-tokens-store'
import type { PasswordHasher } from './passwords'
import type { AuthService } from './service'
import { hashRefreshToken, newRefreshToken } from './tokens'

/** A reset link is short-lived: whoever reads the mailbox later cannot use it. */
export const RESET_MINUTES = 30
const CONFIRM_DAYS = 7
const MINUTE = 60_000

export const RESET_REQUESTED =
  'Se existir uma conta com este e-mail, enviamos um link para redefinir a senha. Confira a sua caixa de entrada (e o spam).'
const LINK_INVALID = 'Este link é inválido, expirou ou já foi usado. Peça um novo.'

export interface RecoveryDeps {
  db: Db
  store: AccountTokensStore
  users: UsersService
  passwords: PasswordHasher
  auth: Pick<AuthService, 'endAllSessions' | 'announceEnded' | 'clearLoginFailures'>
  mailer: Mailer
  templates: MailTemplates
  clock: Clock
  limits: { resetPerIp: Limiter; resetPerAddress: Limiter; confirmPerUser: Limiter }
  log: { error(obj: object, msg: string): void }
}

/**
 * Password reset and e-mail confirmation: single-use links sent by e-mail, stored only as
 * SHA-256 hashes (the same 256-bit tokens as refresh tokens). The e-mail waits in the outbox with
 * a grant, never a token: the token is minted as the message leaves for the mail server
 * (`mintLink`), so neither the outbox, the local mailbox nor a backup holds a usable link.
 */
export class AccountRecovery {
  constructor(private readonly d: RecoveryDeps) {}

  /**
   * "Esqueci minha senha". Answers the same, as fast, whether or not the address has an
   * account: the e-mail is prepared after the answer. Limited per network and per address, the
   * latter counted for unknown addresses too, so the limit reveals nothing either.
   */
  async requestReset(body: PasswordResetRequestBody, ip: string): Promise<{ message: string }> {
    for (const [limiter, key] of [
      [this.d.limits.resetPerIp, ip],
      [this.d.limits.resetPerAddress, body.email],
    ] as const) {
      const limit = await limiter.hit(key)
      if (!limit.allowed) {
        throw tooManyRequests(
          `Muitos pedidos de redefinição de senha. Tente novamente ${inTime(limit.retryAfterSeconds)}.`,
          limit.retryAfterSeconds,
        )
      }
    }
    void this.sendReset(body.email).catch((err: unknown) =>
      this.d.log.error({ err }, 'password reset: e-mail not sent'),
    )
    return { message: RESET_REQUESTED }
  }

  private async sendReset(email: string): Promise<void> {
    const user = await this.d.users.findByEmail(email)
    if (!user || user.status === 'BLOCKED') return
    const grant = await this.grant(user, 'PASSWORD_RESET', user.email, RESET_MINUTES * MINUTE)
    await this.d.mailer.send(this.d.templates.passwordReset(user, grant, RESET_MINUTES))
  }

  /** The new password from the link: every session of the account ends. */
  async resetPassword(body: PasswordResetBody): Promise<{ message: string }> {
    const hash = await this.d.passwords.hash(body.new_password)
    const now = this.d.clock.now()
    const user = await this.d.db.transaction(async (tx) => {
      const token = await this.d.store.spend(
        tx,
        hashRefreshToken(body.token),
        'PASSWORD_RESET',
        now,
      )
      if (!token) return undefined
      const owner = await this.d.users.findById(token.userId, tx)
      // The address changed since the link was sent: it no longer proves the account.
      if (!owner || owner.email !== token.email) return undefined
      await this.d.users.setPasswordHash(owner.id, hash, tx)
      // Opening the link proved the mailbox too.
      if (!owner.emailVerifiedAt) await this.d.users.confirmEmail(owner.id, owner.email, tx)
      await this.d.auth.endAllSessions(owner.id, 'password_reset', tx)
      return owner
    })
    if (!user) throw new AppError(400, LINK_INVALID, { code: 'invalid_link' })
    await this.d.auth.announceEnded(user.id)
    await this.d.auth.clearLoginFailures(user.email)
    return { message: 'Senha redefinida com sucesso! Entre com a nova senha.' }
  }

  /** Sends the confirmation link to the account's address (at sign-up, or asked again). */
  async sendConfirmation(userId: string, { limited = true } = {}): Promise<{ message: string }> {
    const user = await this.d.users.findById(userId)
    if (!user) throw new AppError(404, 'Usuário não encontrado.', { code: 'not_found' })
    if (user.emailVerifiedAt) return { message: 'Seu e-mail já está confirmado.' }
    if (limited) await this.limitConfirmations(userId)
    const grant = await this.grant(user, 'EMAIL_CONFIRM', user.email, CONFIRM_DAYS * 1440 * MINUTE)
    await this.d.mailer.send(this.d.templates.emailConfirmation(user, grant))
    return { message: `Enviamos um link de confirmação para ${user.email}.` }
  }

  /** A new address: it replaces the old one once its link is opened. */
  async requestEmailChange(userId: string, body: EmailChangeBody): Promise<{ message: string }> {
    const user = await this.d.users.findById(userId)
    if (!user) throw new AppError(404, 'Usuário não encontrado.', { code: 'not_found' })
    if (user.passwordHash) {
      const ok = await this.d.passwords.verify(user.passwordHash, body.current_password ?? '')
      if (!ok) throw new AppError(400, 'A senha atual está incorreta.', { code: 'wrong_password' })
    }
    if (body.email === user.email)
      throw new AppError(400, 'Este já é o e-mail da sua conta.', { code: 'email_unchanged' })
    if (await this.d.users.findByEmail(body.email)) throw emailTaken()
    await this.limitConfirmations(userId)
    const grant = await this.grant(user, 'EMAIL_CONFIRM', body.email, CONFIRM_DAYS * 1440 * MINUTE)
    await this.d.mailer.send(
      this.d.templates.emailConfirmation({ email: body.email, name: user.name }, grant),
    )
    return {
      message: `Enviamos um link para ${body.email}. O novo e-mail passa a valer quando você o confirmar.`,
    }
  }

  async confirmEmail(token: string): Promise<{ message: string; email: string }> {
    const now = this.d.clock.now()
    const email = await this.d.db.transaction(async (tx) => {
      const row = await this.d.store.spend(tx, hashRefreshToken(token), 'EMAIL_CONFIRM', now)
      if (!row) return undefined
      await this.d.users.confirmEmail(row.userId, row.email, tx)
      return row.email
    })
    if (!email) throw new AppError(400, LINK_INVALID, { code: 'invalid_link' })
    return { message: 'E-mail confirmado. Obrigado!', email }
  }

  private async limitConfirmations(userId: string): Promise<void> {
    const limit = await this.d.limits.confirmPerUser.hit(userId)
    if (!limit.allowed) {
      throw tooManyRequests(
        `Muitos e-mails de confirmação. Tente novamente ${inTime(limit.retryAfterSeconds)}.`,
        limit.retryAfterSeconds,
      )
    }
  }

  /**
   * A fresh token for the link of the e-mail queued with `grant`, minted as it is handed to the
   * mail server; null when the grant no longer stands (spent, replaced by a newer e-mail, or
   * expired), and the e-mail is then not sent. A retried delivery mints another token; the
   * tokens of earlier attempts keep working until one of them is used.
   */
  async mintLink(grant: number): Promise<string | null> {
    const { token, hash } = newRefreshToken()
    const now = this.d.clock.now()
    const minted = await this.d.db.transaction((tx) => this.d.store.mint(tx, grant, hash, now))
    return minted ? token : null
  }

  /** A new link replaces the earlier ones of its kind. */
  private async grant(
    user: UserRow,
    purpose: AccountTokenPurpose,
    email: string,
    validMs: number,
  ): Promise<number> {
    const now = this.d.clock.now()
    return this.d.db.transaction(async (tx) => {
      await this.d.store.retire(tx, user.id, purpose, now)
      return this.d.store.grant(tx, {
        userId: user.id,
        purpose,
        email,
        now,
        expiresAt: new Date(now.getTime() + validMs),
      })
    })
  }
}
