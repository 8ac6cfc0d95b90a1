import type { Db, Tx } from '../../adapters/db'

/** Work for once the deletion is durable (files, jobs), planned from rows read before it. */
export type AfterCommit = () => Promise<void>

/**
 * Removes what one module keeps about a user. `inTransaction` runs with the user's row still
 * present, inside the deleting transaction; it may return follow-up work, since what cascades
 * away with the user (their video ids, say) can no longer be read after the commit.
 * `afterCommit` runs once the deletion is durable and is for what a transaction cannot roll back
 * (files, external services).
 */
export interface DeletionStep {
  name: string
  inTransaction?: (tx: Tx, userId: string) => Promise<void | AfterCommit>
  afterCommit?: (userId: string) => Promise<void>
}

/**
 * Account deletion (LGPD art. 18) as one service built with every module's clean-up, so that
 * adding a module cannot silently leave a user's data behind.
 */
export class AccountDeletion {
  private readonly db: Db
  private readonly steps: DeletionStep[]
  private readonly deleteUserRow: (tx: Tx, userId: string) => Promise<boolean>
  private readonly onAfterCommitError: (step: string, err: unknown) => void

  constructor(deps: {
    db: Db
    /** Every module's clean-up, in the order they run. */
    steps: DeletionStep[]
    deleteUserRow: (tx: Tx, userId: string) => Promise<boolean>
    onAfterCommitError: (step: string, err: unknown) => void
  }) {
    const names = deps.steps.map((s) => s.name)
    const twice = names.find((n, i) => names.indexOf(n) !== i)
    if (twice) throw new Error(`deletion step ${twice} registered twice`)
    ;({
      db: this.db,
      steps: this.steps,
      deleteUserRow: this.deleteUserRow,
      onAfterCommitError: this.onAfterCommitError,
    } = deps)
  }

  /** Returns false when there was no such user. */
  async deleteAccount(userId: string): Promise<boolean> {
    const followUps: Array<{ name: string; run: AfterCommit }> = []
    const deleted = await this.db.transaction(async (tx) => {
      followUps.length = 0
      for (const step of this.steps) {
        const followUp = await step.inTransaction?.(tx, userId)
        if (followUp) followUps.push({ name: step.name, run: followUp })
      }
      return this.deleteUserRow(tx, userId)
    })
    if (!deleted) return false
    const afterCommit = this.steps.flatMap(({ name, afterCommit: run }) =>
      run ? [{ name, run: () => run(userId) }] : [],
    )
    for (const { name, run } of [...followUps, ...afterCommit]) {
      try {
        await run()
      } catch (err) {
        // The account is gone already; a failed side clean-up is logged for an operator to retry.
        this.onAfterCommitError(name, err)
      }
    }
    return true
  }
}
