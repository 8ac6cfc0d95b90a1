import { z } from 'zod'
import { INT4_MAX } from './integers'
import { BillingCycle, Role } from './enums'
import { PartnerCategory, PartnerKnowledge } from './agents'
import { Plan, SubscriptionStatus } from './billing'
import { UserStatusResponse } from './users'
import { VideoStatus } from './videos'

/** Wire shapes of the operations console (`/api/v1/admin/**`). Money is in reais, as elsewhere. */

export const AdminOverview = z.object({
  players: z.number().int(),
  paying_players: z.number().int(),
  videos_waiting: z.number().int(),
  analyses_overdue: z.number().int(),
  waitlist_waiting: z.number().int(),
})
export type AdminOverview = z.infer<typeof AdminOverview>

export const AdminWaitingVideo = z.object({
  id: z.number().int(),
  player_email: z.string(),
  status: VideoStatus,
  /** When it entered the queue (accepted by the quality gate, or created). */
  waiting_since: z.string(),
  overdue: z.boolean(),
})
export type AdminWaitingVideo = z.infer<typeof AdminWaitingVideo>
export const AdminWaitingVideos = z.array(AdminWaitingVideo)

export const AdminPlayersQuery = z.object({
  q: z.string().trim().max(120, { error: 'Busca longa demais.' }).optional(),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
})
export type AdminPlayersQuery = z.infer<typeof AdminPlayersQuery>

/** An account as the console lists it: who it is, as the account itself reads it, plus its plan. */
export const AdminPlayer = UserStatusResponse.pick({
  id: true,
  email: true,
  name: true,
  role: true,
  status: true,
  payment_status: true,
  created_at: true,
}).extend({
  plan_name: z.string().nullable(),
  subscription_status: SubscriptionStatus.nullable(),
  subscription_expires_at: z.string().nullable(),
})
export type AdminPlayer = z.infer<typeof AdminPlayer>

export const AdminPlayersPage = z.object({
  items: z.array(AdminPlayer),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
})
export type AdminPlayersPage = z.infer<typeof AdminPlayersPage>

export const AdminRoleBody = z.object({
  role: z.enum(Role.options, { error: 'Papel inválido: use USER, ANALYST ou ADMIN.' }),
})
export type AdminRoleBody = z.infer<typeof AdminRoleBody>

const limit = (label: string) =>
  z
    .number({ error: `${label}: informe um número.` })
    .int({ error: `${label}: use um número inteiro.` })
    .min(0, { error: `${label}: não pode ser negativo.` })
    .max(1_000_000)

const price = (label: string) =>
  z
    .number({ error: `${label}: informe um valor.` })
    .min(0, { error: `${label}: não pode ser negativo.` })
    .max(100_000, { error: `${label}: valor alto demais.` })

/** The plan the players see, plus every setting the product reads from it. */
export const AdminPlan = Plan.pick({
  id: true,
  slug: true,
  name: true,
  price_monthly: true,
  price_annually: true,
  features: true,
  trial_days: true,
}).extend({
  /** Chat messages a day; null = unlimited. */
  daily_message_limit: z.number().int().nullable(),
  monthly_video_limit: z.number().int(),
  human_review: z.boolean(),
  /** Hours from upload to the promised analysis (orders the analysts' queue). */
  analysis_turnaround_hours: z.number().int(),
  partner_agent_limit: z.number().int(),
  /** Places on sale; null = unlimited. */
  spots: z.number().int().nullable(),
  active: z.boolean(),
})
export type AdminPlan = z.infer<typeof AdminPlan>
export const AdminPlans = z.array(AdminPlan)

export const AdminPlanUpdateBody = z
  .object({
    name: z.string().trim().min(1, { error: 'Informe o nome do plano.' }).max(60),
    price_monthly: price('Preço mensal'),
    price_annually: price('Preço anual'),
    features: z
      .array(z.string().trim().min(1, { error: 'Um benefício está vazio.' }).max(200))
      .max(20, { error: 'No máximo 20 benefícios.' }),
    daily_message_limit: limit('Mensagens por dia').nullable(),
    monthly_video_limit: limit('Vídeos por mês'),
    human_review: z.boolean(),
    analysis_turnaround_hours: limit('Prazo da análise (horas)')
      .min(1, { error: 'Prazo da análise (horas): pelo menos 1.' })
      .max(720, { error: 'Prazo da análise (horas): no máximo 720 (30 dias).' }),
    partner_agent_limit: limit('Agentes parceiros'),
    spots: limit('Vagas').nullable(),
    active: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nada para alterar.' })
export type AdminPlanUpdateBody = z.infer<typeof AdminPlanUpdateBody>

export const AdminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_percentage: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  active: z.boolean(),
  redemptions: z.number().int(),
  created_at: z.string(),
})
export type AdminCoupon = z.infer<typeof AdminCoupon>
export const AdminCoupons = z.array(AdminCoupon)

const instant = z.iso.datetime({ offset: true, error: 'Data inválida.' })

export const AdminCouponCreateBody = z
  .object({
    code: z
      .string({ error: 'Informe o código.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,40}$/, {
        error: 'O código deve ter de 3 a 40 letras, números, hífen ou sublinhado.',
      }),
    // At most 99 %: the first charge is what starts a subscription (and stores the card for
    // renewals), and no payment method can charge R$ 0.
    discount_percentage: z
      .number({ error: 'Informe o desconto.' })
      .int({ error: 'O desconto deve ser um número inteiro.' })
      .min(1, { error: 'O desconto deve ser de 1% a 99%.' })
      .max(99, { error: 'O desconto deve ser de 1% a 99%.' }),
    valid_from: instant.nullable().optional(),
    valid_until: instant.nullable().optional(),
    max_redemptions: z
      .number({ error: 'Informe o limite de usos.' })
      .int({ error: 'O limite de usos deve ser um número inteiro.' })
      .min(1, { error: 'O limite de usos deve ser pelo menos 1.' })
      .max(1_000_000, { error: 'O limite de usos deve ser de no máximo 1.000.000.' })
      .nullable()
      .optional(),
  })
  .refine((b) => !b.valid_from || !b.valid_until || b.valid_until > b.valid_from, {
    error: 'O fim da validade deve ser depois do início.',
    path: ['valid_until'],
  })
export type AdminCouponCreateBody = z.infer<typeof AdminCouponCreateBody>

export const AdminCouponRedemption = z.object({
  id: z.number().int(),
  user_email: z.string().nullable(),
  redeemed_at: z.string(),
})
export const AdminCouponRedemptions = z.array(AdminCouponRedemption)

export const AdminWaitlistEntry = z.object({
  id: z.number().int(),
  position: z.number().int(),
  user_email: z.string(),
  plan_name: z.string(),
  billing_cycle: BillingCycle,
  final_price: z.number(),
  coupon_code: z.string().nullable(),
  joined_at: z.string(),
  invited_at: z.string().nullable(),
})
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntry>
export const AdminWaitlist = z.array(AdminWaitlistEntry)

export const AdminOpenSpotsBody = z.object({
  count: z
    .number({ error: 'Informe quantas vagas abrir.' })
    .int({ error: 'Informe um número inteiro de vagas.' })
    .min(1, { error: 'Abra pelo menos 1 vaga.' })
    .max(500, { error: 'No máximo 500 vagas por vez.' }),
})
export type AdminOpenSpotsBody = z.infer<typeof AdminOpenSpotsBody>

export const AdminOpenSpotsResponse = z.object({
  invited: z.array(z.string()),
  message: z.string(),
})
export type AdminOpenSpotsResponse = z.infer<typeof AdminOpenSpotsResponse>

export const MailStatus = z.enum(['QUEUED', 'SENT', 'FAILED'])
export type MailStatus = z.infer<typeof MailStatus>

export const AdminOutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** QUEUED (waiting or retrying), SENT, FAILED (every retry spent: the dead letter). */
  status: MailStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
})
export type AdminOutboxMail = z.infer<typeof AdminOutboxMail>
export const AdminOutbox = z.array(AdminOutboxMail)

/** A message the embedded mode's local SMTP mailbox received: what the player would read. */
export const AdminMailboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  received_at: z.string(),
})
export type AdminMailboxMessage = z.infer<typeof AdminMailboxMessage>
/** `local: false` when e-mail leaves through SMTP_URL: there is no local mailbox to show. */
export const AdminMailbox = z.object({ local: z.boolean(), messages: z.array(AdminMailboxMessage) })
export type AdminMailbox = z.infer<typeof AdminMailbox>

export const AdminAuditEntry = z.object({
  id: z.number().int(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
})
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>
export const AdminAuditLog = z.array(AdminAuditEntry)

/** Roles that may open the console at all; ANALYST sees only the overview and the video queue. */
export const CONSOLE_ROLES: readonly Role[] = ['ADMIN', 'ANALYST']

// ---- Agent Store partners (the catalogue operators curate) -------------------------------------

export const AdminPartner = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  avatar: z.string(),
  category: z.string(),
  description: z.string(),
  sample_question: z.string(),
  sample_answer: z.string(),
  /** The engine's persona and topics; see `PartnerKnowledge`. */
  knowledge: z.unknown(),
  hidden: z.boolean(),
  /** Players who have it in their conversation now. */
  players: z.number().int(),
  updated_at: z.string(),
})
export type AdminPartner = z.infer<typeof AdminPartner>
export const AdminPartners = z.array(AdminPartner)

const text = (label: string, max: number) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .min(1, { error: `Informe ${label}.` })
    .max(max, {
      error: `${label[0]?.toUpperCase()}${label.slice(1)}: no máximo ${max} caracteres.`,
    })

const partnerFields = {
  name: text('o nome', 60),
  avatar: text('o avatar', 16),
  category: PartnerCategory,
  description: text('a descrição', 400),
  sample_question: text('a pergunta de exemplo', 300),
  sample_answer: text('a resposta de exemplo', 1200),
  knowledge: PartnerKnowledge,
}

export const AdminPartnerCreateBody = z.object({
  slug: z
    .string({ error: 'Informe o identificador.' })
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/, {
      error: 'O identificador deve ter de 3 a 60 letras minúsculas, números ou hífens.',
    }),
  ...partnerFields,
})
export type AdminPartnerCreateBody = z.infer<typeof AdminPartnerCreateBody>

export const AdminPartnerUpdateBody = z
  .object({ ...partnerFields, hidden: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nada para alterar.' })
export type AdminPartnerUpdateBody = z.infer<typeof AdminPartnerUpdateBody>
