import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import {
  auditLog,
  chatMessages,
  coaches,
  couponRedemptions,
  coupons,
  mailOutbox,
  matchTags,
  memoryFacts,
  onboardingStates,
  orders,
  partnerAgents,
  plans,
  profiles,
  pushSubscriptions,
  sessions,
  subscriptions,
  trainingPlans,
  progressNotes,
  progressGoals,
  progressPreferences,
  userIdentities,
  userPartnerAgents,
  users,
  videoAnalyses,
  videos,
  waitlistEntries,
} from '../../db/schema'
import { VIDEO_TARGETS } from './retention-store'

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect']

/** Every row the product keeps about one player, table by table (read in one snapshot). */
export interface PlayerRows {
  user: Row<typeof users>
  profile: Row<typeof profiles> | null
  sessions: Row<typeof sessions>[]
  identities: Row<typeof userIdentities>[]
  onboarding: Row<typeof onboardingStates> | null
  trainingPlan: Row<typeof trainingPlans> | null
  progressNotes: Row<typeof progressNotes>[]
  progressGoal: Row<typeof progressGoals> | null
  progressPreferences: Row<typeof progressPreferences> | null
  coaches: Row<typeof coaches>[]
  messages: Array<{ message: Row<typeof chatMessages>; partnerSlug: string | null }>
  facts: Row<typeof memoryFacts>[]
  partners: Array<{ partner: Row<typeof partnerAgents>; addedAt: Date }>
  orders: Array<{ order: Row<typeof orders>; planName: string; couponCode: string | null }>
  subscription: { subscription: Row<typeof subscriptions>; planName: string } | null
  redemptions: Array<{ code: string; discountPercentage: number; redeemedAt: Date }>
  waitlist: Array<{ entry: Row<typeof waitlistEntries>; planName: string }>
  push: Row<typeof pushSubscriptions>[]
  videos: Row<typeof videos>[]
  analyses: Row<typeof videoAnalyses>[]
  matchTags: Row<typeof matchTags>[]
  audit: Row<typeof auditLog>[]
  emails: Row<typeof mailOutbox>[]
}

/**
 * The SQL of the data export. It reads other modules' tables on purpose: the export must show
 * everything a player left, wherever it lives, and the LGPD test checks the same tables.
 */
export class ExportStore {
  async playerRows(db: DbOrTx, userId: string): Promise<PlayerRows | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, userId))
    if (!user) return undefined
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId))
    const [onboarding] = await db
      .select()
      .from(onboardingStates)
      .where(eq(onboardingStates.userId, userId))
    const [trainingPlan] = await db
      .select()
      .from(trainingPlans)
      .where(eq(trainingPlans.userId, userId))
    const [progressGoal] = await db
      .select()
      .from(progressGoals)
      .where(eq(progressGoals.userId, userId))
    const [preferences] = await db
      .select()
      .from(progressPreferences)
      .where(eq(progressPreferences.userId, userId))
    const [subscription] = await db
      .select({ subscription: subscriptions, planName: plans.name })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
    const videoRows = await db
      .select()
      .from(videos)
      .where(eq(videos.userId, userId))
      .orderBy(asc(videos.createdAt))
    const videoIds = videoRows.map((v) => v.id)
    return {
      user,
      profile: profile ?? null,
      onboarding: onboarding ?? null,
      trainingPlan: trainingPlan ?? null,
      progressGoal: progressGoal ?? null,
      progressPreferences: preferences ?? null,
      progressNotes: await db
        .select()
        .from(progressNotes)
        .where(eq(progressNotes.userId, userId))
        .orderBy(asc(progressNotes.sentAt)),
      subscription: subscription ?? null,
      videos: videoRows,
      sessions: await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt)),
      identities: await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)),
      coaches: await db
        .select()
        .from(coaches)
        .where(eq(coaches.userId, userId))
        .orderBy(asc(coaches.position)),
      messages: await db
        .select({ message: chatMessages, partnerSlug: partnerAgents.slug })
        .from(chatMessages)
        .leftJoin(partnerAgents, eq(partnerAgents.id, chatMessages.partnerId))
        .where(eq(chatMessages.userId, userId))
        .orderBy(asc(chatMessages.id)),
      facts: await db
        .select()
        .from(memoryFacts)
        .where(eq(memoryFacts.userId, userId))
        .orderBy(asc(memoryFacts.id)),
      partners: await db
        .select({ partner: partnerAgents, addedAt: userPartnerAgents.addedAt })
        .from(userPartnerAgents)
        .innerJoin(partnerAgents, eq(partnerAgents.id, userPartnerAgents.partnerId))
        .where(eq(userPartnerAgents.userId, userId))
        .orderBy(asc(userPartnerAgents.addedAt)),
      orders: await db
        .select({ order: orders, planName: plans.name, couponCode: coupons.code })
        .from(orders)
        .innerJoin(plans, eq(plans.id, orders.planId))
        .leftJoin(coupons, eq(coupons.id, orders.couponId))
        .where(eq(orders.userId, userId))
        .orderBy(asc(orders.createdAt)),
      redemptions: await db
        .select({
          code: coupons.code,
          discountPercentage: coupons.discountPercentage,
          redeemedAt: couponRedemptions.redeemedAt,
        })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .where(eq(couponRedemptions.userId, userId))
        .orderBy(asc(couponRedemptions.redeemedAt)),
      waitlist: await db
        .select({ entry: waitlistEntries, planName: plans.name })
        .from(waitlistEntries)
        .innerJoin(plans, eq(plans.id, waitlistEntries.planId))
        .where(eq(waitlistEntries.userId, userId)),
      push: await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id)),
      analyses:
        videoIds.length > 0
          ? await db
              .select()
              .from(videoAnalyses)
              .where(inArray(videoAnalyses.videoId, videoIds))
              .orderBy(asc(videoAnalyses.videoId))
          : [],
      matchTags:
        videoIds.length > 0
          ? await db
              .select()
              .from(matchTags)
              .where(inArray(matchTags.videoId, videoIds))
              .orderBy(asc(matchTags.videoId))
          : [],
      audit: await db
        .select()
        .from(auditLog)
        .where(
          or(
            and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
            videoIds.length > 0
              ? and(
                  inArray(auditLog.targetType, VIDEO_TARGETS),
                  inArray(auditLog.targetId, videoIds.map(String)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(auditLog.id)),
      emails: await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, user.email))
        .orderBy(asc(mailOutbox.id)),
    }
  }
}
