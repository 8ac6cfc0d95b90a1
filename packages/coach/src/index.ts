export {
  createTeam,
  coachByArchetype,
  coachById,
  ARCHETYPE_ORDER,
  type CreateTeamInput,
} from './team'
export {
  startOnboarding,
  answerOnboarding,
  isOnboardingState,
  resumeOnboarding,
  ONBOARDING_STEPS,
  type OnboardingMessage,
  type OnboardingState,
  type OnboardingStep,
  type OnboardingTurn,
  type ProfilePatch,
} from './onboarding/dialogue'
/** The onboarding answers' readers, for engines that read the same answers outside the dialogue. */
export * from './onboarding/parse'
export { introductions } from './introductions'
export { HISTORY_FOR_ENGINE, reply, type ReplyInput } from './reply'
export { route, routeDetailed, MAX_REPLIES, type RouteReason, type Routing } from './routing'
export { KNOWLEDGE, retrieve, entryById, type Drill, type KnowledgeEntry } from './knowledge'
export {
  buildChatPrompt,
  systemPrompt,
  PROMPT_HISTORY_TURNS,
  type BuildChatPromptInput,
  type ChatPromptMessage,
} from './prompt'
export { seededRng } from './rng'
export {
  AGE_GROUPS,
  AGE_GROUP_LABEL,
  GOAL_FOCI,
  type AgeGroup,
  type ChatTurn,
  type CoachPersona,
  type CoachReply,
  type GoalFocus,
  type PersonaTraits,
  type PlayerProfile,
  type Rng,
  type Team,
} from './types'
export {
  PARTNERS,
  MAX_AGENT_REPLIES,
  partnerScore,
  routeGroup,
  scoreTopics,
  partnerReply,
  buildPartnerPrompt,
  partnerSystemPrompt,
  partnerSender,
  type GroupReason,
  type GroupRouting,
  type PartnerReplyInput,
  type PartnerPromptInput,
  type PartnerDefinition,
  type PartnerKnowledge,
  type PartnerTopic,
  type Speaker,
} from './partners'
export {
  buildClassificationPrompt,
  classifiedCoachIds,
  parseClassification,
  type Classification,
} from './llm/classify'
export { replyProblems, type ReplyProblem } from './llm/guard'
export { referenceFor, type Reference } from './llm/reference'
export { planTurn, type PlanChange } from './plans/turn'
export { planText, readPlan, TrainingPlan } from './plans/plan'
export {
  extractFacts,
  healedIn,
  isPast,
  fieldsFromText,
  mergeFact,
  rememberFacts,
  FACT_KINDS,
  type MemoryChanges,
  type StoredFact,
  type ExtractedFact,
  type FactFields,
  type FactKind,
  type RememberedFact,
} from './memory/index'
export { gameTopic, type GameTopic } from './analysis/topic'
export { analysisLines } from './analysis/prompt'
export { reportFollowUp, type ReportFollowUp } from './progress/report-changes'
