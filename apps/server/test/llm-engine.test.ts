import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as coach from '@areia/coach'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOpenAiCompatibleClient } from '../src/adapters/llm'
import { createEmbeddedEngine } from '../src/modules/coaching/embedded-engine'
import type { TeamMember } from '../src/modules/coaching/engine'
import type { LlmFallback } from '../src/modules/coaching/llm-engine'
import { EMPTY_PROFILE } from '../src/modules/users/service'
import { createTestApp, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { llmTeam } from './helpers/llm-team'
import { TestSocket } from './helpers/socket'
import { playerWithTeam } from './helpers/team-player'

interface Request {
  headers: http.IncomingHttpHeaders
  body: {
    model: string
    messages: Array<{ role: string; content: string }>
    response_format?: { type: string }
  }
}

/**
 * A local server speaking OpenAI's Chat Completions protocol: the stand-in for the provider. Each
 * test scripts what it answers; `classify` answers the JSON classification requests, `reply` the
 * coaches' (by the coach named in the system prompt).
 */
let script: {
  status?: number
  delayMs?: number
  classify: (req: Request) => string
  reply: (req: Request, coachName: string) => string
}
const received: Request[] = []
const server = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    const request = { headers: req.headers, body: JSON.parse(raw) as Request['body'] }
    received.push(request)
    const system = request.body.messages[0]?.content ?? ''
    const content =
      request.body.response_format?.type === 'json_object'
        ? script.classify(request)
        : script.reply(request, /\("([^"]+)"\)/.exec(system)?.[1] ?? '?')
    setTimeout(() => {
      res.writeHead(script.status ?? 200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify(
          script.status
            ? { error: { message: 'boom' } }
            : { choices: [{ index: 0, message: { role: 'assistant', content } }] },
        ),
      )
    }, script.delayMs ?? 0)
  })
})

let baseUrl = ''
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
afterEach(() => {
  received.length = 0
})

const built = coach.createTeam({ profile: { category: 'C' }, rng: coach.seededRng(5) })
const team: TeamMember[] = built.coaches.map((c) => ({
  id: c.id,
  name: c.name,
  archetype: c.archetype,
  persona: c,
}))
const byArchetype = (a: string) => team.find((c) => c.archetype === a)!
const profile = { ...EMPTY_PROFILE, name: 'Joana', category: 'C' as const }
const classified = (lead: string, second: string | null = null) =>
  JSON.stringify({ lead, second, topic: 'x' })

function engine(seed = 'llm') {
  const fallbacks: Array<{ reason: LlmFallback; detail: unknown }> = []
  const wrapped = llmTeam({
    llm: createOpenAiCompatibleClient({
      baseUrl,
      model: 'modelo',
      apiKey: 'chave',
      timeoutMs: 500,
    }),
    seed,
    onFallback: (reason, detail) => fallbacks.push({ reason, detail }),
  })
  return { wrapped, fallbacks }
}

const coachRequests = () => received.filter((r) => r.body.response_format === undefined)

describe('the LLM team', () => {
  it('the lead coach comes from the structured classification, not the keyword router', async () => {
    // The embedded router gives this serve question to the technical coach; the scripted model
    // reads it as nerves, and so the mental coach leads.
    script = { classify: () => classified('MENTAL'), reply: (_r, name) => `Fala, aqui é ${name}.` }
    const { wrapped, fallbacks } = engine()
    const text = 'como sacar melhor?'
    const replies = await wrapped.reply({ text, team, profile, history: [] })
    const mental = byArchetype('MENTAL')
    expect(replies[0]).toEqual({ coachId: mental.id, text: `Fala, aqui é ${mental.name}.` })
    expect(fallbacks).toEqual([])
    const classification = received[0]!
    expect(classification.body.response_format).toEqual({ type: 'json_object' })
    expect(classification.headers.authorization).toBe('Bearer chave')
    expect(classification.body.messages.at(-1)?.content).toContain(text)
    // Without the model's classification, the keyword router decides as before.
    const alone = await createEmbeddedEngine(coach.seededRng('llm')).reply({
      text,
      team,
      profile,
      history: [],
    })
    expect(alone[0]?.coachId).toBe(byArchetype('TECNICO').id)
  })

  it('the second coach’s request holds the first coach’s reply', async () => {
    script = {
      classify: () => classified('TECNICO', 'MENTAL'),
      reply: (_r, name) => `${name} respondeu com um exercício de lançamento.`,
    }
    const { wrapped } = engine()
    const replies = await wrapped.reply({
      text: 'como melhorar o saque e parar de tremer na hora de sacar?',
      team,
      profile,
      history: [],
    })
    const [tecnico, mental] = [byArchetype('TECNICO'), byArchetype('MENTAL')]
    expect(replies.map((r) => r.coachId)).toEqual([tecnico.id, mental.id])
    const [first, second] = coachRequests()
    expect(JSON.stringify(first!.body.messages)).not.toContain('acabou de responder')
    const last = second!.body.messages.at(-1)?.content ?? ''
    expect(last).toContain(`[${tecnico.name}, Coach`)
    expect(last).toContain(`${tecnico.name} respondeu com um exercício de lançamento.`)
    expect(last).toMatch(/sem repetir/)
  })

  it('a reply that lets the ball bounce is replaced by the embedded reply', async () => {
    script = {
      classify: () => classified('TECNICO'),
      reply: () => 'Deixe a bola quicar uma vez e bata firme de forehand.',
    }
    const { wrapped, fallbacks } = engine('quique')
    const input = { text: 'como bater de forehand?', team, profile, history: [] }
    const replies = await wrapped.reply(input)
    const embedded = await createEmbeddedEngine(coach.seededRng('quique')).reply({
      ...input,
      coachIds: [byArchetype('TECNICO').id],
    })
    expect(replies).toEqual(embedded)
    expect(replies[0]?.text).not.toMatch(/quicar uma vez/)
    expect(fallbacks).toEqual([{ reason: 'REPLY_REFUSED', detail: ['BALL_BOUNCES'] }])
  })

  it('a mention decides who answers; the model is not asked to classify', async () => {
    script = { classify: () => classified('MENTAL'), reply: () => 'Resposta do modelo.' }
    const { wrapped } = engine()
    const tecnico = byArchetype('TECNICO')
    const replies = await wrapped.reply({
      text: `@${tecnico.name} fico nervoso no saque`,
      team,
      profile,
      history: [],
    })
    expect(replies[0]?.coachId).toBe(tecnico.id)
    expect(received.some((r) => r.body.response_format)).toBe(false)
  })

  it('an unreadable classification leaves routing to the embedded engine', async () => {
    script = { classify: () => 'acho que é o mental', reply: () => 'Resposta do modelo.' }
    const { wrapped, fallbacks } = engine()
    const replies = await wrapped.reply({ text: 'fico nervoso', team, profile, history: [] })
    expect(replies[0]).toEqual({ coachId: byArchetype('MENTAL').id, text: 'Resposta do modelo.' })
    expect(fallbacks.map((f) => f.reason)).toEqual(['CLASSIFY_UNREADABLE'])
  })

  it.each([
    ['an error', { status: 500 }],
    ['a timeout', { delayMs: 1500 }],
  ])('falls back to the embedded engine on %s', async (_name, failure) => {
    script = { ...failure, classify: () => classified('MENTAL'), reply: () => 'nunca visto' }
    const { wrapped, fallbacks } = engine('falha')
    const input = { text: 'fico nervoso', team, profile, history: [] }
    const replies = await wrapped.reply(input)
    expect(replies).toEqual(await createEmbeddedEngine(coach.seededRng('falha')).reply(input))
    expect(fallbacks.map((f) => f.reason)).toEqual(['CLASSIFY_FAILED', 'REPLY_FAILED'])
  })
})

describe('through the chat, with LLM_BASE_URL set', () => {
  let app: TestApp
  beforeAll(async () => {
    await testDatabase()
    app = await createTestApp(
      { LLM_BASE_URL: baseUrl, LLM_TIMEOUT_MS: '2000' },
      {
        coachEngine: undefined,
      },
    )
    await app.server.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => app.close())

  it('the player never sees a refused reply, now or in the history', async () => {
    script = {
      classify: () => classified('TECNICO'),
      reply: () => 'Pode deixar a bola quicar antes do voleio, é permitido.',
    }
    const { tokens } = await playerWithTeam(app, 'llm-quique@example.com')
    const port = (app.server.server.address() as AddressInfo).port
    const socket = await TestSocket.open(
      `ws://127.0.0.1:${port}/api/v1/chat/ws?token=${tokens.access_token}`,
    )
    try {
      socket.send({ type: 'message', text: 'a bola pode quicar antes do voleio?' })
      await socket.until(() => socket.messages().some((m) => m.sender === 'AI'))
      await socket.untilSettled(app)
      const live = socket.messages().filter((m) => m.sender === 'AI')
      expect(live.length).toBeGreaterThan(0)
      for (const m of live) expect(m.content).not.toMatch(/é permitido/)
      expect(coachRequests().length).toBeGreaterThan(0)
      const history = await app.server.inject({
        method: 'GET',
        url: '/api/v1/chat/history',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
      expect(history.statusCode).toBe(200)
      expect(history.body).not.toMatch(/é permitido/)
    } finally {
      await socket.close()
    }
  })
})
