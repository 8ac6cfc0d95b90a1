import type { Db, Tx } from '../../adapters/db'

/**
 * Removes what one module keeps about a user. `inTransaction` runs with the user's row still
 * present, inside the deleting transaction; `afterCommit` runs once the deletion is durable and
 * is for what a transaction cannot roll back (files, external services).
 */
export interface DeletionStep {
  name: string
  inTransaction?: (tx: Tx, userId: string) => Promise<void>
  afterCommit?: (userId: string) => Promise<void>
}

/**
 * Account deletion (LGPD art. 18) as one service every module registers its clean-up with, so
 * that adding a module cannot silently leave a user's data behind.
 */
export class AccountDeletion {
  private readonly steps: DeletionStep[] = []

  constructor(
    private readonly db: Db,
    private readonly deleteUserRow: (tx: Tx, userId: string) => Promise<boolean>,
    private readonly onAfterCommitError: (step: string, err: unknown) => void,
  ) {}

  register(step: DeletionStep): void {
    if (this.steps.some((s) => s.name === step.name)) {
      throw new Error(`deletion step ${step.name} registered twice`)
    }
    this.steps.push(step)
  }

  /** Returns false when there was no such user. */
  async deleteAccount(userId: string): Promise<boolean> {
    const deleted = await this.db.transaction(async (tx) => {
      for (const step of this.steps) await step.inTransaction?.(tx, userId)
      return this.deleteUserRow(tx, userId)
    })
    if (!deleted) return false
    for (const step of this.steps) {
      if (!step.afterCommit) continue
      try {
        await step.afterCommit(userId)
      } catch (err) {
        // The account is gone already; a failed side clean-up is logged for an operator to retry.
        this.onAfterCommitError(step.name, err)
      }
    }
    return true
  }
}
