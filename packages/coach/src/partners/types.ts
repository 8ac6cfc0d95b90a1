import type { PartnerCategory, PartnerKnowledge, SampleExchange } from '@areia/contracts'

export type { PartnerKnowledge, PartnerTopic } from '@areia/contracts'

/**
 * An Agent Store partner as the engine needs it. The server seeds these from `PARTNERS` and then
 * reads them back from the database, where operators may have edited them.
 */
export interface PartnerDefinition {
  slug: string
  /** First name as shown in the chat and used in `@Nome` mentions. */
  name: string
  avatar: string
  category: PartnerCategory
  description: string
  sample: SampleExchange
  knowledge: PartnerKnowledge
}

/** Who speaks in a group chat: a coach of the team or an added partner. */
export type Speaker = { kind: 'COACH'; id: string } | { kind: 'PARTNER'; slug: string }

/** In `ChatTurn.sender`, a partner's lines are `partner:<slug>`. */
export const partnerSender = (slug: string) => `partner:${slug}`
