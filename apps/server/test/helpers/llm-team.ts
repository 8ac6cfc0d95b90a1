import * as coach from '@areia/coach'
import type { LlmClient } from '../../src/adapters/llm'
import {
  createEmbeddedEngine,
  llmClassificationPrompt,
  llmPartnerPrompt,
  llmPrompt,
  llmReplyProblems,
  readLlmClassification,
} from '../../src/modules/coaching/embedded-engine'
import { type LlmTeamDeps, withLlm } from '../../src/modules/coaching/llm-engine'

/**
 * The LLM team as the app wires it (the embedded engine's prompts, classification reader and
 * reply checks) over a seeded embedded engine; partners answer through the model only when
 * `partners` says so.
 */
export function llmTeam(opts: {
  llm: LlmClient
  seed: string | number
  partners?: boolean
  onFallback: LlmTeamDeps['onFallback']
}) {
  return withLlm({
    base: createEmbeddedEngine(coach.seededRng(opts.seed)),
    llm: opts.llm,
    prompts: {
      coach: llmPrompt,
      classify: llmClassificationPrompt,
      ...(opts.partners ? { partner: llmPartnerPrompt } : {}),
    },
    readClassification: readLlmClassification,
    problems: llmReplyProblems,
    onFallback: opts.onFallback,
  })
}
