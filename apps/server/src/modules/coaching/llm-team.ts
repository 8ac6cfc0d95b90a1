import type { LlmClient } from '../../adapters/llm'
import {
  createEmbeddedEngine,
  llmClassificationPrompt,
  llmPartnerPrompt,
  llmPrompt,
  llmReplyProblems,
  readLlmClassification,
} from './embedded-engine'
import type { CoachEngine } from './engine'
import { type LlmTeamDeps, withLlm } from './llm-engine'

/**
 * The coaches through an LLM: the embedded engine's prompts, classification reader and reply
 * checks, with the embedded engine standing in whenever the model fails. Partners answer through
 * the model unless `partners` is false.
 */
export function createLlmTeam(opts: {
  llm: LlmClient
  base?: CoachEngine
  partners?: boolean
  onFallback: LlmTeamDeps['onFallback']
}): CoachEngine {
  return withLlm({
    base: opts.base ?? createEmbeddedEngine(),
    llm: opts.llm,
    prompts: {
      coach: llmPrompt,
      classify: llmClassificationPrompt,
      ...(opts.partners === false ? {} : { partner: llmPartnerPrompt }),
    },
    readClassification: readLlmClassification,
    problems: llmReplyProblems,
    onFallback: opts.onFallback,
  })
}
