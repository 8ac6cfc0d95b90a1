import * as coach from '@areia/coach'
import type { LlmClient } from '../../src/adapters/llm'
import { createEmbeddedEngine } from '../../src/modules/coaching/embedded-engine'
import type { LlmTeamDeps } from '../../src/modules/coaching/llm-engine'
import { createLlmTeam } from '../../src/modules/coaching/llm-team'

/** The LLM team as the app wires it, over a seeded embedded engine; partners answer through the
 * model only when `partners` says so. */
export function llmTeam(opts: {
  llm: LlmClient
  seed: string | number
  partners?: boolean
  onFallback: LlmTeamDeps['onFallback']
}) {
  return createLlmTeam({
    llm: opts.llm,
    base: createEmbeddedEngine(coach.seededRng(opts.seed)),
    partners: opts.partners ?? false,
    onFallback: opts.onFallback,
  })
}
