import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, retainedRecords } from '../src/db/schema'
import { Erasure } from '../src/modules/users/erasure'
import { RetentionStore } from '../src/modules/users/retention-store'
import { deleteAccount } from './helpers/app'
import { testDatabase } from './helpers/database'
import { playerSuite, playerWhoUsedEverything } from './helpers/full-player'
import { scanDatabase, scanFiles } from './helpers/lgpd'
import { listFiles } from './helpers/pipeline'

/**
 * LGPD art. 18 VI: deleting an account erases the player everywhere. A player who used every
 * part of the product is deleted through the API, then every table of the database and every
 * file the app keeps are searched for their id, e-mail, name and CPF.
 */

const EMAIL = 'luciana.vetorazzo@example.com'
const NAME = 'Luciana Vetorazzo'
const CPF = '52998224725'

const s = playerSuite('areia-lgpd-')

describe('account deletion (LGPD art. 18)', () => {
  it('leaves no row and no file of the player, only pseudonymised records the law requires', async () => {
    const { userId, tokens, videoId, orderId } = await playerWhoUsedEverything(s, {
      EMAIL,
      NAME,
      CPF,
    })
    const database = await testDatabase({ reset: false })
    const needles = [userId, EMAIL, NAME, CPF]

    // The scan sees the player everywhere first, so an empty result afterwards means something.
    const tablesBefore = new Set((await scanDatabase(database, needles)).map((f) => f.where))
    for (const table of [
      'public.users',
      'public.profiles',
      'public.sessions',
      'public.coaches',
      'public.chat_messages',
      'public.onboarding_states',
      'public.memory_facts',
      'public.user_partner_agents',
      'public.coupon_redemptions',
      'public.orders',
      'public.subscriptions',
      'public.card_tokens',
      'public.push_subscriptions',
      'public.user_identities',
      'public.videos',
      'public.video_analyses',
      'public.audit_log',
      'public.mail_outbox',
      'pgboss.job',
    ]) {
      expect(tablesBefore, table).toContain(table)
    }
    const filesBefore = listFiles(s.dataDir)
    expect(filesBefore.filter((f) => f.includes(userId))).not.toHaveLength(0)
    expect(filesBefore.filter((f) => f.startsWith(`videos/analyses/${videoId}/`))).toHaveLength(3)

    const res = await deleteAccount(s.app, tokens.access_token)
    expect(res.statusCode).toBe(204)

    // Rows and files together, so a failure lists everything that was left.
    expect({
      rows: await scanDatabase(database, needles),
      files: scanFiles(s.dataDir, needles),
      analysisFiles: listFiles(s.dataDir).filter((f) =>
        f.startsWith(`videos/analyses/${videoId}/`),
      ),
    }).toEqual({ rows: [], files: [], analysisFiles: [] })

    // Kept, as the privacy policy lists: the paid order (fiscal) and the sign-ins (Marco Civil),
    // under one random subject; the operators' audit trail stays, naming a pseudonym.
    const kept = await database.db.select().from(retainedRecords)
    expect(new Set(kept.map((r) => r.subject)).size).toBe(1)
    const subject = kept[0]!.subject
    expect(kept.filter((r) => r.kind === 'PAYMENT').map((r) => r.data)).toEqual([
      expect.objectContaining({ order_id: orderId, amount_cents: 5391, payment_method: 'PIX' }),
    ])
    const access = kept.filter((r) => r.kind === 'ACCESS').map((r) => r.data)
    expect(access.length).toBeGreaterThan(0)
    for (const a of access)
      expect(Object.keys(a).sort()).toEqual(['ip', 'last_used_at', 'signed_in_at'])
    const audit = await database.db.select().from(auditLog).orderBy(auditLog.id)
    expect(audit.map((a) => [a.action, a.targetId])).toEqual([
      ['waitlist.open_spots', 'waitlist'],
      ['player.role', `conta-excluida:${subject}`],
      ['player.role', `conta-excluida:${subject}`],
      ['analysis.publish', String(videoId)],
    ])
    expect(audit[0]!.details).toEqual({ invited: [`conta-excluida:${subject}`], requested: 1 })
  })
})

describe('retained records', () => {
  it('leave once past their keep-until date, and not before', async () => {
    const { app } = s
    const { db } = await testDatabase({ reset: false })
    const erasure = new Erasure(db, new RetentionStore(), app.clock, {
      forgetJobs: async () => undefined,
      deleteAnalysisFiles: async () => undefined,
    })
    const now = app.clock.now()
    const at = (days: number) => new Date(now.getTime() + days * 86_400_000)
    const subject = '00000000-0000-4000-8000-000000000001'
    await db.insert(retainedRecords).values([
      { subject, kind: 'ACCESS', data: { ip: '203.0.113.9' }, keepUntil: at(-1) },
      { subject, kind: 'PAYMENT', data: { order_id: 'x' }, keepUntil: at(1) },
    ])
    expect(await erasure.purgeExpired()).toBe(1)
    const left = await db.select().from(retainedRecords).where(eq(retainedRecords.subject, subject))
    expect(left.map((r) => r.kind)).toEqual(['PAYMENT'])
    app.clock.advance(2 * 86_400)
    expect(await erasure.purgeExpired()).toBe(1)
  })
})
