import type { AccountDeletionBody } from '@areia/contracts'
import { AppError, notFound } from '../../errors'
import type { AccountDeletion } from './deletion'
import type { UsersService } from './service'

/** What proves the owner is at the keyboard, from the sign-in module. */
export interface OwnerCheck {
  /** Throws unless `password` is the account's (wrong answers count as failed logins). */
  checkCurrentPassword(
    user: { email: string; passwordHash: string | null },
    password: string,
  ): Promise<void>
  /** Throws unless the session comes from a sign-in of the last few minutes. */
  requireRecentSignIn(userId: string, sessionId: string): Promise<void>
}

const NOT_FOUND = 'Usuário não encontrado.'

/**
 * The player deletes their own account: an access token alone is not enough. The password of an
 * account that has one, or a fresh Google sign-in for one that signs in only with Google, and the
 * typed phrase (checked by the body's schema) come first.
 */
export class AccountClosure {
  constructor(
    private readonly users: UsersService,
    private readonly owner: OwnerCheck,
    private readonly deletion: AccountDeletion,
  ) {}

  async close(userId: string, sessionId: string, body: AccountDeletionBody): Promise<void> {
    const user = await this.users.findById(userId)
    if (!user) throw notFound(NOT_FOUND)
    if (user.passwordHash) {
      if (!body.password) {
        throw new AppError(400, 'Digite a sua senha para confirmar a exclusão.', {
          code: 'password_required',
        })
      }
      await this.owner.checkCurrentPassword(user, body.password)
    } else {
      await this.owner.requireRecentSignIn(userId, sessionId)
    }
    if (!(await this.deletion.deleteAccount(userId))) throw notFound(NOT_FOUND)
  }
}
