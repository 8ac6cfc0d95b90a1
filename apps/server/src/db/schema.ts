/**
 * The schema index: each table lives beside the code that owns it, and this file gathers them
 * for Drizzle (the migrations are generated from it) and for the database handle's types.
 */
import { mailOutbox, localMailbox } from '../adapters/mail/tables'
import { serverSecrets } from '../lib/tables'
import { auditLog } from '../modules/admin/tables'
import { analysisChunks, videoAnalyses } from '../modules/analysis/tables'
import { accountTokens, refreshTokens, sessions } from '../modules/auth/tables'
import {
  cardTokens,
  couponRedemptions,
  coupons,
  orders,
  plans,
  subscriptions,
  waitlistEntries,
} from '../modules/billing/tables'
import { chatMessages, coaches, onboardingStates, trainingPlans } from '../modules/coaching/tables'
import { oauthStates, userIdentities } from '../modules/google-auth/tables'
import { pushSubscriptions } from '../modules/push/tables'
import { reportShares } from '../modules/report-shares/tables'
import { profiles, retainedRecords, users } from '../modules/users/tables'
import { videos } from '../modules/videos/tables'

export * from '../adapters/mail/tables'
export * from '../lib/tables'
export * from '../modules/admin/tables'
export * from '../modules/agents/tables'
export * from '../modules/analysis/tables'
export * from '../modules/auth/tables'
export * from '../modules/billing/tables'
export * from '../modules/coaching/tables'
export * from '../modules/google-auth/tables'
export * from '../modules/memory/tables'
export * from '../modules/progress/tables'
export * from '../modules/push/tables'
export * from '../modules/report-shares/tables'
export * from '../modules/users/tables'
export * from '../modules/videos/tables'

export const schema = {
  users,
  profiles,
  sessions,
  refreshTokens,
  serverSecrets,
  coaches,
  chatMessages,
  onboardingStates,
  plans,
  coupons,
  couponRedemptions,
  waitlistEntries,
  mailOutbox,
  localMailbox,
  accountTokens,
  pushSubscriptions,
  userIdentities,
  oauthStates,
  orders,
  subscriptions,
  cardTokens,
  videos,
  videoAnalyses,
  reportShares,
  analysisChunks,
  auditLog,
  retainedRecords,
  trainingPlans,
}
