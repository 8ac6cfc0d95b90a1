import { BODY_PARTNERS } from './catalogue-body'
import { GAME_PARTNERS } from './catalogue-game'
import type { PartnerDefinition } from './types'

/** The Agent Store catalogue the server seeds on start; one partner per category at least. */
export const PARTNERS: readonly PartnerDefinition[] = [...BODY_PARTNERS, ...GAME_PARTNERS]

export {
  MAX_AGENT_REPLIES,
  partnerScore,
  routeGroup,
  scoreTopics,
  type GroupReason,
  type GroupRouting,
} from './routing'
export { partnerReply, type PartnerReplyInput } from './reply'
export { buildPartnerPrompt, partnerSystemPrompt, type PartnerPromptInput } from './prompt'
export {
  partnerSender,
  type PartnerDefinition,
  type PartnerKnowledge,
  type PartnerTopic,
  type Speaker,
} from './types'
