import type { AdminCouponCreateBody, AdminPlan, AdminPlanUpdateBody } from '@areia/contracts/admin'
import { countOf } from '@areia/contracts/agreement'
import type { Role } from '@areia/contracts/enums'

export type SectionId =
  | 'visao-geral'
  | 'jogadores'
  | 'planos'
  | 'cupons'
  | 'lista-de-espera'
  | 'emails'
  | 'agentes'
  | 'auditoria'

export const SECTIONS: readonly { id: SectionId; label: string; roles: readonly Role[] }[] = [
  { id: 'visao-geral', label: 'Visão geral', roles: ['ADMIN', 'ANALYST'] },
  { id: 'jogadores', label: 'Jogadores', roles: ['ADMIN'] },
  { id: 'planos', label: 'Planos', roles: ['ADMIN'] },
  { id: 'cupons', label: 'Cupons', roles: ['ADMIN'] },
  { id: 'lista-de-espera', label: 'Lista de espera', roles: ['ADMIN'] },
  { id: 'emails', label: 'E-mails', roles: ['ADMIN'] },
  { id: 'agentes', label: 'Agentes parceiros', roles: ['ADMIN'] },
  { id: 'auditoria', label: 'Auditoria', roles: ['ADMIN'] },
]

/** The console's tabs a role may see; the server checks again on every call. */
export const sectionsFor = (role: Role | undefined) =>
  SECTIONS.filter((s) => role !== undefined && s.roles.includes(role))

export const canOpenConsole = (role: Role | undefined) => sectionsFor(role).length > 0

/**
 * A count and its noun agreeing in number, apart, for a figure printed large above its noun:
 * `figure(1, 'jogador pagante', 'jogadores pagantes')` is "1" and "jogador pagante".
 */
export function figure(n: number, singular: string, plural: string) {
  const value = n.toLocaleString('pt-BR')
  return { value, noun: countOf(n, singular, plural).slice(value.length + 1) }
}

export const ROLE_LABEL: Record<Role, string> = {
  USER: 'Jogador',
  ANALYST: 'Analista',
  ADMIN: 'Administrador',
}

export const AUDIT_LABEL: Record<string, string> = {
  'player.role': 'Papel alterado',
  'plan.update': 'Plano editado',
  'coupon.create': 'Cupom criado',
  'coupon.expire': 'Cupom expirado',
  'waitlist.open_spots': 'Vagas abertas',
  'admin.create': 'Administrador criado',
  'partner.create': 'Agente criado',
  'partner.update': 'Agente editado',
  'partner.hide': 'Agente ocultado',
  'partner.show': 'Agente reexibido',
  'analysis.corners': 'Cantos da quadra corrigidos',
  'analysis.rerun': 'Análise refeita',
  'analysis.swap': 'Jogadores trocados',
  'analysis.player': 'Jogador confirmado',
  'analysis.report': 'Relatório salvo',
  'analysis.publish': 'Relatório publicado',
  'analysis.reject': 'Vídeo recusado',
}

export const auditLabel = (action: string) => AUDIT_LABEL[action] ?? action

/** "59,90", "59.90", "R$ 1.199,00" → reais; null when it is not a price. */
export function parseReais(input: string): number | null {
  let s = input.replace(/R\$|\s/g, '')
  if (!s) return null
  // With a comma, it is the decimal separator and dots group thousands (pt-BR).
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null
  return Number(s)
}

/** "" means "sem limite" (null); otherwise a whole number ≥ 0. */
function parseLimit(input: string, nullable: boolean): number | null | undefined {
  const s = input.trim()
  if (!s) return nullable ? null : undefined
  return /^\d{1,7}$/.test(s) ? Number(s) : undefined
}

export type PlanForm = {
  name: string
  price_monthly: string
  price_annually: string
  daily_message_limit: string
  monthly_video_limit: string
  partner_agent_limit: string
  analysis_turnaround_hours: string
  spots: string
  features: string
  human_review: boolean
  active: boolean
}

const priceText = (reais: number) => reais.toFixed(2).replace('.', ',')

export function planForm(plan: AdminPlan): PlanForm {
  return {
    name: plan.name,
    price_monthly: priceText(plan.price_monthly),
    price_annually: priceText(plan.price_annually),
    daily_message_limit: plan.daily_message_limit?.toString() ?? '',
    monthly_video_limit: String(plan.monthly_video_limit),
    partner_agent_limit: String(plan.partner_agent_limit),
    analysis_turnaround_hours: String(plan.analysis_turnaround_hours),
    spots: plan.spots?.toString() ?? '',
    features: plan.features.join('\n'),
    human_review: plan.human_review,
    active: plan.active,
  }
}

/** Only what changed goes to the server, so the audit log records exactly the edit. */
export function planPatch(
  plan: AdminPlan,
  form: PlanForm,
): { body: AdminPlanUpdateBody } | { error: string } {
  const monthly = parseReais(form.price_monthly)
  const annually = parseReais(form.price_annually)
  if (monthly === null) return { error: 'Preço mensal inválido. Use, por exemplo, 59,90.' }
  if (annually === null) return { error: 'Preço anual inválido. Use, por exemplo, 599,00.' }
  const daily = parseLimit(form.daily_message_limit, true)
  const videos = parseLimit(form.monthly_video_limit, false)
  const partners = parseLimit(form.partner_agent_limit, false)
  const spots = parseLimit(form.spots, true)
  const turnaround = parseLimit(form.analysis_turnaround_hours, false)
  if (daily === undefined) return { error: 'Mensagens por dia: um número inteiro, ou vazio.' }
  if (videos === undefined || videos === null)
    return { error: 'Vídeos por mês: um número inteiro.' }
  if (partners === undefined || partners === null)
    return { error: 'Agentes parceiros: um número inteiro.' }
  if (spots === undefined) return { error: 'Vagas: um número inteiro, ou vazio para ilimitadas.' }
  if (!turnaround || turnaround > 720)
    return { error: 'Prazo da análise: um número inteiro de horas, de 1 a 720.' }
  const name = form.name.trim()
  if (!name) return { error: 'Informe o nome do plano.' }
  const features = form.features
    .split('\n')
    .map((f) => f.trim())
    .filter(Boolean)
  const next: Required<AdminPlanUpdateBody> = {
    name,
    price_monthly: monthly,
    price_annually: annually,
    features,
    daily_message_limit: daily,
    monthly_video_limit: videos,
    human_review: form.human_review,
    analysis_turnaround_hours: turnaround,
    partner_agent_limit: partners,
    spots,
    active: form.active,
  }
  const body: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(next)) {
    const before = plan[key as keyof typeof next]
    if (JSON.stringify(before) !== JSON.stringify(value)) body[key] = value
  }
  if (Object.keys(body).length === 0) return { error: 'Nada foi alterado.' }
  return { body: body }
}

export type CouponForm = {
  code: string
  percentage: string
  from: string
  until: string
  max: string
}

export const EMPTY_COUPON: CouponForm = { code: '', percentage: '', from: '', until: '', max: '' }

/**
 * Dates are whole days in Brasília time (no daylight saving since 2019, so always -03:00): a
 * coupon valid from the 1st to the 10th works from 00:00 on the 1st to 23:59:59 on the 10th.
 */
export function couponBody(form: CouponForm): { body: AdminCouponCreateBody } | { error: string } {
  const code = form.code.trim().toUpperCase()
  if (!/^[A-Z0-9_-]{3,40}$/.test(code))
    return { error: 'O código deve ter de 3 a 40 letras, números, hífen ou sublinhado.' }
  const pct = /^\d{1,3}$/.test(form.percentage.trim()) ? Number(form.percentage.trim()) : NaN
  if (!(pct >= 1 && pct <= 99)) return { error: 'O desconto deve ser de 1% a 99%.' }
  const max = form.max.trim()
  if (max && !/^[1-9]\d{0,6}$/.test(max))
    return { error: 'O limite de usos deve ser um número inteiro a partir de 1.' }
  if (form.from && form.until && form.until < form.from)
    return { error: 'O fim da validade deve ser depois do início.' }
  return {
    body: {
      code,
      discount_percentage: pct,
      valid_from: form.from ? `${form.from}T00:00:00-03:00` : null,
      valid_until: form.until ? `${form.until}T23:59:59-03:00` : null,
      max_redemptions: max ? Number(max) : null,
    },
  }
}

/** How a coupon stands today, for its badge. */
export function couponState(
  c: {
    active: boolean
    valid_from: string | null
    valid_until: string | null
    max_redemptions: number | null
    redemptions: number
  },
  now: Date,
): 'ativo' | 'expirado' | 'agendado' | 'esgotado' {
  if (!c.active || (c.valid_until && new Date(c.valid_until) <= now)) return 'expirado'
  if (c.valid_from && new Date(c.valid_from) > now) return 'agendado'
  if (c.max_redemptions !== null && c.redemptions >= c.max_redemptions) return 'esgotado'
  return 'ativo'
}

const TARGET_LABEL: Record<string, string> = {
  user: 'Conta',
  plan: 'Plano',
  coupon: 'Cupom',
  waitlist: 'Lista de espera',
  partner: 'Agente',
}

/** "Cupom #3", "Conta #6b0c8f3e", "Lista de espera". */
export function auditTarget(type: string, id: string): string {
  const label = TARGET_LABEL[type] ?? type
  return type === 'waitlist' ? label : `${label} #${id.slice(0, 8)}`
}

const DETAIL_LABEL: Record<string, string> = {
  email: 'e-mail',
  from: 'de',
  to: 'para',
  code: 'código',
  discount_percentage: 'desconto (%)',
  max_redemptions: 'limite de usos',
  valid_from: 'início',
  valid_until: 'fim',
  slug: 'identificador',
  changes: 'alterações',
  requested: 'vagas pedidas',
  invited: 'convidados',
  name: 'nome',
  description: 'descrição',
  hidden: 'oculto',
  knowledge: 'conhecimento',
  price_monthly: 'preço mensal',
  price_annually: 'preço anual',
  features: 'benefícios',
  daily_message_limit: 'mensagens por dia',
  monthly_video_limit: 'vídeos por mês',
  human_review: 'revisão humana',
  partner_agent_limit: 'agentes parceiros',
  spots: 'vagas',
  active: 'à venda',
  category: 'categoria',
  sample_question: 'pergunta de exemplo',
  sample_answer: 'resposta de exemplo',
}

function detailValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'sim' : 'não'
  if (value && typeof value === 'object' && !Array.isArray(value))
    return `{ ${auditDetails(value as Record<string, unknown>, ', ')} }`
  return JSON.stringify(value)
}

/** One readable line from an audit row's details: "e-mail: a@b · de: USER · para: ADMIN". */
export function auditDetails(details: Record<string, unknown>, separator = ' · '): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${DETAIL_LABEL[k] ?? k}: ${detailValue(v)}`)
    .join(separator)
}

export type PartnerForm = {
  slug: string
  name: string
  avatar: string
  category: string
  description: string
  sample_question: string
  sample_answer: string
  knowledge: string
}

/** A starting point for a new partner's knowledge: the shape the coach engine reads. */
export const KNOWLEDGE_TEMPLATE = JSON.stringify(
  {
    version: 1,
    fullName: 'Nome Completo',
    pronoun: 'ela',
    voice: 'Como o agente fala, em uma frase.',
    background: 'Formação e experiência do agente.',
    openers: ['Boa pergunta!'],
    closers: ['Bons treinos!'],
    outside: 'O que o agente diz quando a pergunta foge da sua área.',
    topics: [
      {
        id: 'tema',
        title: 'Título do tema',
        keywords: ['palavra'],
        facts: ['Um fato correto sobre o tema.'],
        tips: ['Uma dica prática sobre o tema.'],
      },
    ],
  },
  null,
  2,
)

/**
 * The form's texts as the API body. The knowledge is JSON typed by an operator: a syntax slip is
 * caught here, its shape is checked by the server (which names the field that is wrong).
 */
export function partnerFields(
  form: PartnerForm,
): { body: Omit<PartnerForm, 'knowledge' | 'slug'> & { knowledge: unknown } } | { error: string } {
  let knowledge: unknown
  try {
    knowledge = JSON.parse(form.knowledge)
  } catch {
    return { error: 'O conhecimento não é um JSON válido. Confira vírgulas, aspas e chaves.' }
  }
  const { slug: _slug, knowledge: _text, ...texts } = form
  const trimmed = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v.trim()])) as Omit<
    PartnerForm,
    'knowledge' | 'slug'
  >
  const missing = Object.entries(trimmed).find(([, v]) => !v)
  if (missing) return { error: 'Preencha todos os campos do agente.' }
  return { body: { ...trimmed, knowledge } }
}
