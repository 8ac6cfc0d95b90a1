import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { videos } from '../videos/tables'

/**
 * A published report's public link. Only a hash of the token is kept, so a copy of the database
 * opens nothing; one live link per video, and revoking deletes the row.
 */
export const reportShares = pgTable('report_shares', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /**
   * Names this link in its media URLs (signed with it): a new link gets a new id, so the media
   * of a revoked or replaced link stop answering at once.
   */
  shareId: uuid('share_id').notNull().defaultRandom().unique(),
  /** The player chose to show their partner's figures and points too. */
  includePartner: boolean('include_partner').notNull().default(false),
  createdAt: createdAt(),
})
