import type { DataExport, ExportFile, ProgressMatch } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { Limiter } from '../../adapters/rate-limit'
import { inTime, notFound, tooManyRequests } from '../../errors'
import type { ExportStore, PlayerRows } from './export-store'
import { accountFields, EMPTY_PROFILE, toProfile } from './service'

const iso = (d: Date) => d.toISOString()
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null)
const reais = (cents: number) => cents / 100

/** The export's download links last a day: long enough to fetch every file, then they lapse. */
export const EXPORT_LINK_TTL_SECONDS = 86_400

/** Download links of the player's files until a time, from the modules that keep them. */
export type ExportFiles = (userId: string, expiresAt: Date) => Promise<ExportFile[]>

/**
 * The player's copy of their data (LGPD art. 18 II, V): one JSON document with every row the
 * product keeps about them. Rate limited, since it reads every table the player touched.
 */
export class DataExportService {
  constructor(
    private readonly db: Db,
    private readonly store: ExportStore,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly files: ExportFiles,
    /** Each analysed match's figures, computed from the reports (the progress module). */
    private readonly progress: (userId: string) => Promise<ProgressMatch[]>,
  ) {}

  async export(userId: string): Promise<DataExport> {
    const limit = await this.limiter.hit(userId)
    if (!limit.allowed) {
      throw tooManyRequests(
        `Você já baixou seus dados várias vezes. Tente novamente ${inTime(limit.retryAfterSeconds)}.`,
        limit.retryAfterSeconds,
      )
    }
    // One snapshot, so the document never mixes two moments.
    const rows = await this.db.transaction((tx) => this.store.playerRows(tx, userId), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    })
    if (!rows) throw notFound('Usuário não encontrado.')
    const now = this.clock.now()
    const files = await this.files(userId, new Date(now.getTime() + EXPORT_LINK_TTL_SECONDS * 1000))
    return toDocument(rows, now, files, await this.progress(userId))
  }
}

export function toDocument(
  r: PlayerRows,
  now: Date,
  files: ExportFile[],
  matches: ProgressMatch[],
): DataExport {
  const tagsOf = (videoId: number) => {
    const t = r.matchTags.find((m) => m.videoId === videoId)
    return t ? { tags: t.tags, revision: t.revision, saved_at: iso(t.savedAt) } : null
  }
  const { user } = r
  return {
    format: 'areia-dados/1',
    generated_at: iso(now),
    account: {
      ...accountFields(user),
      onboarding_status: user.onboardingStatus,
      has_password: user.passwordHash !== null,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    profile: r.profile ? toProfile(r.profile) : EMPTY_PROFILE,
    sessions: r.sessions.map((s) => ({
      id: s.id,
      created_at: iso(s.createdAt),
      last_used_at: iso(s.lastUsedAt),
      expires_at: iso(s.expiresAt),
      revoked_at: isoOrNull(s.revokedAt),
      revoked_reason: s.revokedReason,
      user_agent: s.userAgent,
      ip: s.ip,
    })),
    identities: r.identities.map((i) => ({
      provider: i.provider,
      subject: i.subject,
      email: i.email,
      created_at: iso(i.createdAt),
    })),
    onboarding: r.onboarding
      ? { state: r.onboarding.state, updated_at: iso(r.onboarding.updatedAt) }
      : null,
    training_plan: r.trainingPlan
      ? { plan: r.trainingPlan.plan, updated_at: iso(r.trainingPlan.updatedAt) }
      : null,
    progress: {
      matches,
      notes: r.progressNotes.map((n) => ({
        kind: n.kind,
        key: n.key,
        sent_at: iso(n.sentAt),
        outcome: n.outcome,
      })),
      goal_figures: r.progressGoal?.figures ?? null,
      preferences: r.progressPreferences
        ? {
            follow_ups: r.progressPreferences.followUps,
            weekly_chat: r.progressPreferences.weeklyChat,
            weekly_push: r.progressPreferences.weeklyPush,
            weekly_email: r.progressPreferences.weeklyEmail,
            updated_at: iso(r.progressPreferences.updatedAt),
          }
        : null,
    },
    coaches: r.coaches.map((c) => ({
      id: c.id,
      name: c.name,
      archetype: c.archetype,
      position: c.position,
      persona: c.persona,
      created_at: iso(c.createdAt),
    })),
    chat_messages: r.messages.map(({ message: m, partnerSlug }) => ({
      id: m.id,
      sender_type: m.senderType,
      sender_name:
        m.senderName ?? r.coaches.find((c) => c.id === m.coachId)?.name ?? partnerSlug ?? null,
      coach_id: m.coachId,
      partner_slug: partnerSlug,
      content: m.content,
      actions: m.actions,
      suggestions: m.suggestions,
      created_at: iso(m.createdAt),
    })),
    memory_facts: r.facts.map((f) => ({
      id: f.id,
      kind: f.kind,
      text: f.text,
      sentence: f.sentence,
      details: f.fields,
      source: f.source,
      created_at: iso(f.createdAt),
      updated_at: iso(f.updatedAt),
    })),
    partner_agents: r.partners.map(({ partner, addedAt }) => ({
      slug: partner.slug,
      name: partner.name,
      category: partner.category,
      added_at: iso(addedAt),
    })),
    orders: r.orders.map(({ order: o, planName, couponCode }) => ({
      id: o.id,
      plan: planName,
      billing_cycle: o.billingCycle,
      amount: reais(o.amountCents),
      coupon_code: couponCode,
      payment_method: o.paymentMethod,
      status: o.status,
      renewal: o.renewal,
      gateway_order_id: o.gatewayOrderId,
      failure_message: o.failureMessage,
      created_at: iso(o.createdAt),
      paid_at: isoOrNull(o.paidAt),
      refunded_at: isoOrNull(o.refundedAt),
    })),
    subscription: r.subscription
      ? {
          plan: r.subscription.planName,
          billing_cycle: r.subscription.subscription.billingCycle,
          status: r.subscription.subscription.status,
          payment_method: r.subscription.subscription.paymentMethod,
          card_holder: r.subscription.subscription.cardHolder,
          started_at: iso(r.subscription.subscription.startedAt),
          expires_at: iso(r.subscription.subscription.expiresAt),
          canceled_at: isoOrNull(r.subscription.subscription.canceledAt),
          grace_until: isoOrNull(r.subscription.subscription.graceUntil),
        }
      : null,
    coupon_redemptions: r.redemptions.map((c) => ({
      code: c.code,
      discount_percentage: c.discountPercentage,
      redeemed_at: iso(c.redeemedAt),
    })),
    waiting_list: r.waitlist.map(({ entry, planName }) => ({
      plan: planName,
      billing_cycle: entry.billingCycle,
      final_price: reais(entry.finalPriceCents),
      coupon_code: entry.couponCode,
      created_at: iso(entry.createdAt),
      invited_at: isoOrNull(entry.notifiedAt),
    })),
    push_subscriptions: r.push.map((p) => ({
      endpoint: p.endpoint,
      user_agent: p.userAgent,
      created_at: iso(p.createdAt),
      last_success_at: isoOrNull(p.lastSuccessAt),
    })),
    videos: r.videos.map((v) => ({
      id: v.id,
      source: v.source,
      status: v.status,
      content_type: v.contentType,
      size_bytes: v.sizeBytes,
      source_url: v.sourceUrl,
      probe: v.probe,
      warnings: v.warnings,
      failure_reason: v.failureReason,
      player_identifier: v.playerIdentifier,
      player_pick: v.playerPick,
      game_date: v.gameDate,
      game_week: v.gameWeek,
      game_outcome: v.gameOutcome,
      game_score: v.gameScore,
      game_draft: v.gameDraft,
      created_at: iso(v.createdAt),
      accepted_at: isoOrNull(v.acceptedAt),
    })),
    analyses: r.analyses.map((a) => ({
      video_id: a.videoId,
      stage: a.stage,
      percent: a.percent,
      court_corners: a.corners,
      player_track_id: a.playerTrackId,
      result: a.result,
      artifacts: a.artifacts,
      problem: a.problem,
      report_markdown: a.reportMarkdown,
      match_tags: tagsOf(a.videoId),
      published_at: isoOrNull(a.publishedAt),
      report_seen_at: isoOrNull(a.reportSeenAt),
      created_at: iso(a.createdAt),
      updated_at: iso(a.updatedAt),
    })),
    audit_entries: r.audit.map((a) => ({
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      details: a.details,
      created_at: iso(a.createdAt),
    })),
    emails: r.emails.map((m) => ({
      subject: m.subject,
      body: m.body,
      created_at: iso(m.createdAt),
      sent_at: isoOrNull(m.sentAt),
    })),
    files,
  }
}
