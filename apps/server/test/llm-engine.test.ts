import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOpenAiCompatibleClient } from '../src/adapters/llm'
import type { TeamMember } from '../src/modules/coaching/engine'
import { withLlm } from '../src/modules/coaching/llm-engine'
import { EMPTY_PROFILE } from '../src/modules/users/service'
import { scriptedEngine } from './helpers/scripted-engine'

/** A local server speaking OpenAI's Chat Completions protocol, scripted per test. */
let behaviour: 'ok' | 'error' | 'slow' | 'garbage' = 'ok'
const received: Array<{
  headers: http.IncomingHttpHeaders
  body: { model: string; messages: Array<{ role: string; content: string }> }
}> = []
const server = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    received.push({ headers: req.headers, body: JSON.parse(raw) as never })
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    switch (behaviour) {
      case 'ok':
        return send(200, {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Resposta do modelo.' },
              finish_reason: 'stop',
            },
          ],
        })
      case 'error':
        return send(500, { error: { message: 'boom' } })
      case 'garbage':
        return send(200, { choices: [] })
      case 'slow':
        setTimeout(() => send(200, { choices: [{ message: { content: 'tarde demais' } }] }), 1500)
        return
    }
  })
})

let baseUrl = ''
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const team: TeamMember[] = [
  { id: 't', name: 'Rafa', archetype: 'TECNICO', persona: {} },
  { id: 'm', name: 'Bia', archetype: 'MENTAL', persona: {} },
]
const profile = {
  ...EMPTY_PROFILE,
  name: 'Joana',
  category: 'C' as const,
  height_cm: 170,
  dominant_hand: 'LEFT' as const,
}

function engine() {
  const fallbacks: unknown[] = []
  const llm = createOpenAiCompatibleClient({
    baseUrl,
    model: 'modelo-teste',
    apiKey: 'chave',
    timeoutMs: 300,
  })
  const wrapped = withLlm(
    scriptedEngine(),
    llm,
    ({ coach, text }) => [
      { role: 'system', content: `Você é ${coach.name}.` },
      { role: 'user', content: text },
    ],
    (err) => fallbacks.push(err),
  )
  return { wrapped, fallbacks }
}

describe('LLM-backed coaches', () => {
  it('answer with the model, through the Chat Completions protocol', async () => {
    behaviour = 'ok'
    const { wrapped, fallbacks } = engine()
    const replies = await wrapped.reply({ text: 'como sacar melhor?', team, profile, history: [] })
    expect(replies).toEqual([{ coachId: 't', text: 'Resposta do modelo.' }])
    expect(fallbacks).toEqual([])
    const last = received.at(-1)!
    expect(last.headers.authorization).toBe('Bearer chave')
    expect(last.body.model).toBe('modelo-teste')
    expect(last.body.messages[0]).toEqual({ role: 'system', content: 'Você é Rafa.' })
  })

  it.each(['error', 'slow', 'garbage'] as const)(
    'fall back to the embedded engine when the model fails (%s)',
    async (mode) => {
      behaviour = mode
      const { wrapped, fallbacks } = engine()
      const replies = await wrapped.reply({ text: 'fico nervoso', team, profile, history: [] })
      expect(replies).toEqual([{ coachId: 'm', text: 'Bia responde: fico nervoso' }])
      expect(fallbacks).toHaveLength(1)
    },
  )
})
