import type { DbOrTx } from '../../adapters/db'
import type { AdminStore } from './store'

/** One line of the operations console's audit log: who, what and on which target. */
export interface AuditEntry {
  /** Null when the system acted by itself (a refund the gateway made). */
  actorId: string | null
  actorEmail: string
  action: string
  targetType: string
  targetId: string
  details: Record<string, unknown>
}

/** How the other modules write the audit log: in the transaction of the change it records. */
export interface AuditPort {
  record(entry: AuditEntry, db: DbOrTx): Promise<void>
}

export class AuditLog implements AuditPort {
  constructor(private readonly store: AdminStore) {}

  record(entry: AuditEntry, db: DbOrTx): Promise<void> {
    return this.store.audit(db, entry)
  }
}
