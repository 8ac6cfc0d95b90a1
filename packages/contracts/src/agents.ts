import { z } from 'zod'
import { ProfileUpdateBody } from './users'

/** The six areas of the Agent Store; one partner at least in each. */
export const PartnerCategory = z.enum([
  'PREPARACAO_FISICA',
  'FISIOTERAPIA',
  'NUTRICAO',
  'REGRAS_ARBITRAGEM',
  'EQUIPAMENTOS',
  'TORNEIOS',
])
export type PartnerCategory = z.infer<typeof PartnerCategory>

export const PARTNER_CATEGORY_LABEL: Record<PartnerCategory, string> = {
  PREPARACAO_FISICA: 'Preparação física',
  FISIOTERAPIA: 'Fisioterapia',
  NUTRICAO: 'Nutrição',
  REGRAS_ARBITRAGEM: 'Regras e arbitragem',
  EQUIPAMENTOS: 'Equipamentos',
  TORNEIOS: 'Torneios',
}

/** A question and the partner's answer, shown on the store card. */
export const SampleExchange = z.object({ question: z.string(), answer: z.string() })
export type SampleExchange = z.infer<typeof SampleExchange>

/** A partner agent as the store shows it to a player. */
export const PartnerAgent = z.object({
  slug: z.string(),
  name: z.string(),
  /** An emoji drawn inside the same round avatar as the coaches' initials. */
  avatar: z.string(),
  category: PartnerCategory,
  category_label: z.string(),
  description: z.string(),
  sample: SampleExchange,
  /** True when it is in this player's conversation. */
  added: z.boolean(),
})
export type PartnerAgent = z.infer<typeof PartnerAgent>

export const AgentsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(80, { error: 'A busca pode ter no máximo 80 caracteres.' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  category: PartnerCategory.optional(),
})
export type AgentsQuery = z.infer<typeof AgentsQuery>

/** How many partners the player's plan allows in the conversation (plans keep it as data). */
export const PartnerAllowance = z.object({
  plan_name: z.string(),
  limit: z.number().int().min(0),
  used: z.number().int().min(0),
})
export type PartnerAllowance = z.infer<typeof PartnerAllowance>

export const AgentsResponse = z.object({
  agents: z.array(PartnerAgent),
  allowance: PartnerAllowance,
})
export type AgentsResponse = z.infer<typeof AgentsResponse>

export const AgentSlugParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[a-z0-9-]+$/, { error: 'Agente inválido.' }),
})

export const AgentAddBody = z.object({
  slug: z
    .string({ error: 'Informe o agente.' })
    .trim()
    .min(1, { error: 'Informe o agente.' })
    .max(60)
    .regex(/^[a-z0-9-]+$/, { error: 'Agente inválido.' }),
})
export type AgentAddBody = z.infer<typeof AgentAddBody>

export const AgentTryBody = z.object({
  text: z
    .string({ error: 'Escreva uma pergunta.' })
    .trim()
    .min(1, { error: 'Escreva uma pergunta.' })
    .max(500, { error: 'A pergunta pode ter no máximo 500 caracteres.' }),
})
export type AgentTryBody = z.infer<typeof AgentTryBody>

/** The preview answer: never stored in the conversation. */
export const AgentTryResponse = z.object({ name: z.string(), avatar: z.string(), text: z.string() })
export type AgentTryResponse = z.infer<typeof AgentTryResponse>

/** Who can be mentioned in the chat: the coaches, the added partners and `equipe`. */
export const ConversationMember = z.object({
  kind: z.enum(['COACH', 'PARTNER', 'TEAM']),
  /** What follows `@` (no spaces). */
  mention: z.string(),
  name: z.string(),
  role: z.string(),
  avatar: z.string().nullable(),
})
export type ConversationMember = z.infer<typeof ConversationMember>

export const ConversationMembersResponse = z.array(ConversationMember)

// ---- Coach memory ---------------------------------------------------------------------------

/** The profile keys the coaches read; the rest of the profile is billing data. */
export const MemoryProfileBody = ProfileUpdateBody.pick({
  name: true,
  category: true,
  height_cm: true,
  dominant_hand: true,
  gender: true,
  goal: true,
  training_per_week: true,
  age_group: true,
}).strict()
export type MemoryProfileBody = z.infer<typeof MemoryProfileBody>

/** What a remembered fact is about; the memory screen groups facts by it. */
export const MEMORY_FACT_KINDS = [
  'PARCEIRO',
  'EQUIPAMENTO',
  'TORNEIO',
  'LESAO',
  'ROTINA',
  'RESULTADO',
  'OBJETIVO',
  'OUTRO',
] as const
export const MemoryFactKind = z.enum(MEMORY_FACT_KINDS, {
  error: 'Escolha sobre o que é a lembrança.',
})
export type MemoryFactKind = z.infer<typeof MemoryFactKind>

export const MemoryFact = z.object({
  id: z.number().int(),
  kind: MemoryFactKind,
  text: z.string(),
  /** The player's own sentence the team noted it from; null when written on the memory screen. */
  sentence: z.string().nullable(),
  /** PLAYER when written on the memory screen; CHAT when the team noted it from a message. */
  source: z.enum(['PLAYER', 'CHAT']),
  created_at: z.string(),
  updated_at: z.string(),
})
export type MemoryFact = z.infer<typeof MemoryFact>

export const MEMORY_FACT_MAX_LENGTH = 300

export const MemoryFactBody = z.object({
  text: z
    .string({ error: 'Escreva o que a equipe deve lembrar.' })
    .trim()
    .min(2, { error: 'Escreva o que a equipe deve lembrar.' })
    .max(MEMORY_FACT_MAX_LENGTH, {
      error: `Cada lembrança pode ter no máximo ${MEMORY_FACT_MAX_LENGTH} caracteres.`,
    }),
})
export type MemoryFactBody = z.infer<typeof MemoryFactBody>

/** A fact the player adds on the memory screen: what it says and, optionally, what it is about. */
export const MemoryFactCreateBody = MemoryFactBody.extend({
  kind: MemoryFactKind.optional(),
})
export type MemoryFactCreateBody = z.infer<typeof MemoryFactCreateBody>

export const MemoryFactParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
})

export const MemoryResponse = z.object({
  profile: z.object({
    name: z.string().nullable(),
    category: z.string().nullable(),
    height_cm: z.number().int().nullable(),
    dominant_hand: z.string().nullable(),
    gender: z.string().nullable(),
    goal: z.string().nullable(),
    training_per_week: z.number().int().nullable(),
    age_group: z.string().nullable(),
  }),
  facts: z.array(MemoryFact),
})
export type MemoryResponse = z.infer<typeof MemoryResponse>

// ---- What the engine knows of a partner (stored as JSON, editable by operators) --------------

export const PartnerTopic = z.object({
  id: z.string().min(1).max(60),
  title: z.string().min(1).max(120),
  /** Normalized word prefixes (no accents, lower case); a trailing space means a whole word. */
  keywords: z.array(z.string().min(2).max(60)).min(1).max(80),
  facts: z.array(z.string().min(1).max(600)).max(20),
  tips: z.array(z.string().min(1).max(600)).min(1).max(20),
  /** Health topics get the partner's caution line. */
  health: z.boolean().optional(),
})
export type PartnerTopic = z.infer<typeof PartnerTopic>

export const PartnerKnowledge = z.object({
  version: z.literal(1),
  fullName: z.string().min(1).max(120),
  pronoun: z.enum(['ele', 'ela']),
  /** How the partner talks, in a sentence; goes into the LLM system prompt. */
  voice: z.string().min(1).max(400),
  background: z.string().min(1).max(600),
  openers: z.array(z.string().min(1).max(300)).min(1).max(12),
  closers: z.array(z.string().min(1).max(300)).min(1).max(12),
  /** Said with every health-related answer (a fisio refers to a professional, a nutri too). */
  caution: z.string().max(400).optional(),
  /** What the partner says when asked something outside its area. */
  outside: z.string().min(1).max(400),
  topics: z.array(PartnerTopic).min(1).max(30),
})
export type PartnerKnowledge = z.infer<typeof PartnerKnowledge>
