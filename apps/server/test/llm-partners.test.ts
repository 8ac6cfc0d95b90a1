import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as coach from '@areia/coach'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOpenAiCompatibleClient } from '../src/adapters/llm'
import type { TeamMember } from '../src/modules/coaching/engine'
import { EMPTY_PROFILE } from '../src/modules/users/service'
import { llmTeam } from './helpers/llm-team'

/** A local Chat Completions server that answers with the system prompt's first line. */
let failing = false
const systems: string[] = []
const server = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }> }
    const system = body.messages[0]?.content ?? ''
    systems.push(system)
    res.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify(
        failing
          ? { error: { message: 'fora do ar' } }
          : {
              choices: [
                { message: { role: 'assistant', content: `LLM: ${system.split('\n')[0]}` } },
              ],
            },
      ),
    )
  })
})

let baseUrl = ''
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const built = coach.createTeam({ profile: { category: 'C' }, rng: coach.seededRng(3) })
const team: TeamMember[] = built.coaches.map((c) => ({
  id: c.id,
  name: c.name,
  archetype: c.archetype,
  persona: c,
}))
const profile = { ...EMPTY_PROFILE, name: 'Joana', category: 'C' as const }
const cora = coach.PARTNERS.find((p) => p.slug === 'cora-nutricao')!

function engine() {
  const fallbacks: unknown[] = []
  const llm = createOpenAiCompatibleClient({ baseUrl, model: 'm', apiKey: 'k', timeoutMs: 2000 })
  const wrapped = llmTeam({
    llm,
    seed: 1,
    partners: true,
    onFallback: (_reason, err) => fallbacks.push(err),
  })
  return { wrapped, fallbacks }
}

describe('LLM-backed partners', () => {
  it('a partner answers with its own persona and the remembered facts in the prompt', async () => {
    failing = false
    const { wrapped } = engine()
    const replies = await wrapped.reply({
      text: '@Cora o que comer antes do jogo?',
      team,
      profile,
      history: [],
      partners: [cora],
      memory: ['Não come glúten'],
    })
    expect(replies).toHaveLength(1)
    expect(replies[0]).toMatchObject({
      partnerSlug: 'cora-nutricao',
      coachId: 'partner:cora-nutricao',
    })
    expect(replies[0]?.text).toMatch(
      /^LLM: Você é Cora Lins \("Cora"\), agente parceiro de nutrição/,
    )
    const system = systems.at(-1) ?? ''
    expect(system).toContain('Não come glúten')
    expect(system).toContain('Hidratação no sol')
    expect(system).toContain(team[0]!.name)
  })

  it('the store preview uses the model too, and falls back to the embedded answer', async () => {
    failing = false
    const { wrapped, fallbacks } = engine()
    const preview = await wrapped.partnerPreview({
      partner: cora,
      text: 'o que comer antes do jogo?',
      profile,
    })
    expect(preview).toMatch(/conhecendo você antes de adicioná-lo/)
    failing = true
    const fallback = await wrapped.partnerPreview({
      partner: cora,
      text: 'o que comer antes do jogo?',
      profile,
    })
    expect(fallback).toMatch(/horas antes/)
    expect(fallbacks).toHaveLength(1)
  })
})
