import { createECDH, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TrainingPlan } from '@areia/coach'
import type { DataExport, MatchTags, ProgressPreferences, TokenPair } from '@areia/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushSender } from '../src/adapters/push'
import { localMailbox, mailOutbox, progressNotes, progressPreferences } from '../src/db/schema'
import { CoachingStore } from '../src/modules/coaching/store'
import { analystApi, fixtureResult, seedAnalysed, staff, withTeam } from './helpers/analysis'
import { bearer, callAs, createTestApp, deleteAccount, login, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { tagged } from './helpers/progress'
import { payingPlayer } from './helpers/videos'
import { waitUntil } from './helpers/wait'

/**
 * The coaches' unprompted messages on the app's clock, in Brasília's time (UTC−3): the week of
 * Monday 4 January 2027, with a plan of Tuesday training, Thursday class and Saturday training,
 * summed up on Monday 11 January. The app is restarted in the middle, as a deploy would.
 */
let app: TestApp
let dataDir: string
const pushes: Array<{ endpoint: string; payload: { title: string; body: string; url: string } }> =
  []
const pushSender: PushSender = {
  publicKey: 'BDummyKeyForTests',
  send: async (target, payload) => {
    pushes.push({ endpoint: target.endpoint, payload: JSON.parse(payload) as never })
  },
}

const start = () => createTestApp({ DATA_DIR: dataDir }, { pushSender }, { resetDatabase: false })

/** A deploy: this app closes, a new one opens on the same database, its clock set anew. */
async function restart(at: string) {
  await app.close()
  app = await start()
  setClock(at)
}

/** The app's clock at a moment given in UTC (it may have to go back: a new app starts at now). */
function setClock(at: string) {
  app.clock.advance((new Date(at).getTime() - app.clock.now().getTime()) / 1000)
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-progress-messages-'))
  await testDatabase()
  app = await start()
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const store = new CoachingStore()
const db = async () => (await testDatabase({ reset: false })).db

const PLAN: TrainingPlan = {
  version: 1,
  // Monday 4 January, 09:00 in Brasília: the week's sessions start the day after.
  created_at: '2027-01-04T12:00:00.000Z',
  focus: ['saque', 'voleio'],
  sessions: [
    { day: 'terca', kind: 'treino', minutes: 60, items: ['Saque na paralela: 3 séries'] },
    { day: 'quinta', kind: 'aula', minutes: 60, items: ['Aula com o professor'] },
    { day: 'sabado', kind: 'treino', minutes: 90, items: ['Voleio na parede: 3 séries'] },
  ],
  tournament: null,
  adjusted: null,
  cautions: [],
}

interface Player {
  email: string
  userId: string
  tokens: TokenPair
}

async function player(email: string, opts: { plan?: boolean } = {}): Promise<Player> {
  const p = await payingPlayer(app, email)
  await withTeam(p.userId)
  if (opts.plan !== false) await store.saveTrainingPlan(await db(), p.userId, PLAN, app.clock.now())
  return { email, userId: p.userId, tokens: p.tokens }
}

/** A fresh session: the clock moves by days, past the access token's life. */
async function session(p: Player): Promise<TokenPair> {
  const res = await login(app, p.email)
  expect(res.statusCode).toBe(200)
  return res.json<TokenPair>()
}

async function setPreferences(p: Player, body: Partial<ProgressPreferences>) {
  const res = await callAs(app, await session(p), 'PATCH', '/api/v1/progress/preferences', body)
  expect(res.statusCode).toBe(200)
  return res.json<ProgressPreferences>()
}

/** The player opens the chat (the socket's `connected` turn) and the turn runs to its end. */
async function openChat(p: Player) {
  await app.services.coaching.connected(p.userId)
  await app.services.coaching.settled(p.userId)
}

/** The player taps a chip (or types its text) in the chat. */
async function say(p: Player, text: string) {
  expect(await app.services.coaching.userMessage(p.userId, text)).toBe(true)
  await app.services.coaching.settled(p.userId)
}

/** What the statistical coach (Leo) wrote to the player, oldest first. */
async function fromLeo(p: Player) {
  const rows = await store.listMessages(await db(), p.userId, { limit: 200 })
  return rows
    .filter((m) => m.archetype === 'ESTATISTICO')
    .map((m) => ({ text: m.content, at: m.createdAt.toISOString(), chips: m.suggestions }))
}

const questions = async (p: Player) =>
  (await fromLeo(p)).filter((m) => m.text.startsWith('E aí, como foi'))
const summaries = async (p: Player) =>
  (await fromLeo(p)).filter((m) => m.text.startsWith('**Resumo da semana'))

async function subscribeDevice(p: Player): Promise<string> {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const endpoint = `https://push.example/${randomBytes(6).toString('hex')}`
  const res = await callAs(app, await session(p), 'POST', '/api/v1/notifications/subscribe', {
    subscription_info: {
      endpoint,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  })
  expect(res.statusCode).toBeLessThan(300)
  return endpoint
}

async function publish(p: Player, date: string, tags: MatchTags) {
  const api = analystApi(app, await staff(app, `analista-${date}@areia.test`, 'ANALYST'))
  const id = await seedAnalysed(app, dataDir, p.userId, { gameDate: date, result: fixtureResult() })
  expect((await api.call('PUT', `/videos/${id}/tags`, { revision: 0, tags })).statusCode).toBe(200)
  expect((await api.player(id, 2)).statusCode).toBe(200)
  expect((await api.publish(id)).statusCode).toBe(204)
}

const notesOf = async (p: Player, kind: 'follow_up' | 'weekly') =>
  (await db())
    .select()
    .from(progressNotes)
    .where(and(eq(progressNotes.userId, p.userId), eq(progressNotes.kind, kind)))
    .orderBy(progressNotes.sentAt)

describe('the coaches’ follow-up and weekly summary, on the player’s clock', () => {
  it('asks once after a planned day, in the day, sums the week up on Monday morning once, and says nothing to who turned them off', async () => {
    // Tuesday 5 January, 15:00 in Brasília.
    setClock('2027-01-05T18:00:00Z')
    const joana = await player('joana-semana@areia.test')
    const quieta = await player('quieta-semana@areia.test')
    const semChat = await player('sem-chat-semana@areia.test')
    const profile = await callAs(app, joana.tokens, 'PUT', '/api/v1/profile/me', {
      goal: 'Subir pra B até o fim do ano',
      goal_focus: 'SUBIR_CATEGORIA',
    })
    expect(profile.statusCode).toBe(200)
    expect(await setPreferences(joana, { weekly_email: true })).toEqual({
      follow_ups: true,
      weekly_chat: true,
      weekly_push: true,
      weekly_email: true,
    })
    expect(
      await setPreferences(quieta, {
        follow_ups: false,
        weekly_chat: false,
        weekly_push: false,
        weekly_email: false,
      }),
    ).toEqual({ follow_ups: false, weekly_chat: false, weekly_push: false, weekly_email: false })
    expect(await setPreferences(semChat, { weekly_chat: false })).toMatchObject({
      weekly_chat: false,
      weekly_push: true,
    })
    const joanaDevice = await subscribeDevice(joana)
    const semChatDevice = await subscribeDevice(semChat)
    await publish(
      joana,
      '2027-01-05',
      tagged([
        [2, 'winner', 'voleio', 2],
        [2, 'unforced_error', 'saque', 2],
      ]),
    )

    // Tuesday afternoon: the day's session is today, nothing to ask yet.
    await openChat(joana)
    expect(await questions(joana)).toEqual([])

    // Wednesday 22:30: Tuesday's session is past, but it is night.
    setClock('2027-01-07T01:30:00Z')
    await openChat(joana)
    expect(await questions(joana)).toEqual([])

    // A deploy during the night; Thursday 09:00 the player opens the chat: one question, with chips.
    await restart('2027-01-07T12:00:00Z')
    await openChat(joana)
    await openChat(quieta)
    expect(await questions(joana)).toEqual([
      {
        text: 'E aí, como foi o treino de saque de terça?',
        at: '2027-01-07T12:00:00.000Z',
        chips: ['Foi bom', 'Foi puxado', 'Não deu pra ir'],
      },
    ])
    expect(await questions(quieta)).toEqual([])

    // Opened again the same day: never a second one.
    setClock('2027-01-07T14:00:00Z')
    await openChat(joana)
    expect(await questions(joana)).toHaveLength(1)

    // The chip is the answer: noted, and the coach says so (the coaches do not answer it again).
    await say(joana, 'Foi bom')
    expect((await fromLeo(joana)).at(-1)?.text).toBe(
      'Boa! Anotei a sessão de terça como feita. Bora manter o ritmo.',
    )

    // Friday 10:00: Thursday's class.
    setClock('2027-01-08T13:00:00Z')
    await openChat(joana)
    expect((await questions(joana)).map((q) => q.text)).toEqual([
      'E aí, como foi o treino de saque de terça?',
      'E aí, como foi a aula de quinta?',
    ])
    await say(joana, 'não deu pra ir!')
    // Saturday's training: the player does not open the chat over the weekend.

    // Monday 11 January, 07:45: too early for the summary.
    setClock('2027-01-11T10:45:00Z')
    expect(await app.services.progressMessages.weeklySweep()).toBe(0)
    expect(await summaries(joana)).toEqual([])

    // Another deploy; at 08:15 the sweep sends the week's summary.
    await restart('2027-01-11T11:15:00Z')
    // Each node keeps the sweep on its quarter-hourly schedule (stored once by the queue).
    const { rows: schedules } = await (
      await testDatabase({ reset: false })
    ).rawQuery(`SELECT cron FROM pgboss.schedule WHERE name = 'progress.weekly'`)
    expect(schedules).toEqual([{ cron: '*/15 * * * *' }])
    expect(await app.services.progressMessages.weeklySweep()).toBe(2)
    const [summary, ...more] = await summaries(joana)
    expect(more).toEqual([])
    expect(summary?.at).toBe('2027-01-11T11:15:00.000Z')
    expect(summary?.text).toBe(
      [
        '**Resumo da semana (04/01 a 10/01)**',
        '',
        '- **Jogos analisados**: 1 — 05/01 (vitória).',
        '- **Treinos**: 3 planejados; pelo que você me contou, fez 1 e 1 não deu; do outro eu não sei.',
        '- **Seu objetivo**: “Subir pra B até o fim do ano”',
        '  - Erros não forçados: 1 no jogo de 05/01 (o primeiro que mediu).',
        '  - Pontos ganhos no saque: 50% (1 de 2) no jogo de 05/01 (o primeiro que mediu).',
        '- **Foco da próxima semana**: saque e voleio — sessões na terça, na quinta e no sábado.',
      ].join('\n'),
    )
    expect(await summaries(semChat)).toEqual([])
    expect(await summaries(quieta)).toEqual([])

    // By push to those who keep it on (the one without the chat summary is sent to Minha evolução).
    await waitUntil(
      async () => pushes.filter((x) => x.payload.title.startsWith('Resumo')).length === 2,
    )
    const weeklyPushes = pushes.filter((x) => x.payload.title.startsWith('Resumo'))
    expect(weeklyPushes.map((x) => [x.endpoint, x.payload.url]).sort()).toEqual(
      [
        [joanaDevice, '/chat'],
        [semChatDevice, '/evolucao'],
      ].sort(),
    )
    expect(weeklyPushes[0]?.payload.title).toBe('Resumo da semana (04/01 a 10/01)')

    // By e-mail only to who asked for it, into the local mailbox.
    const weeklyMail = async (email: string) =>
      (await (await db()).select().from(localMailbox).where(eq(localMailbox.to, email))).filter(
        (m) => m.subject.startsWith('Resumo'),
      )
    await waitUntil(async () => (await weeklyMail(joana.email)).length > 0)
    const [mail] = await weeklyMail(joana.email)
    expect(mail?.subject).toBe('Resumo da semana (04/01 a 10/01)')
    expect(mail?.text).toContain(
      'Treinos: 3 planejados; pelo que você me contou, fez 1 e 1 não deu; do outro eu não sei.',
    )
    expect(mail?.text).toContain('Resumo da semana (04/01 a 10/01):')
    expect(mail?.html).toContain('/conta')
    expect(mail?.text).toContain('desligue "Resumo da semana por e-mail" em Conta')
    for (const other of [quieta, semChat]) {
      const sent = await (
        await db()
      )
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, other.email))
      expect(sent.filter((m) => m.subject.startsWith('Resumo'))).toEqual([])
    }

    // Run again, on this node and after yet another restart: nothing goes twice.
    setClock('2027-01-11T11:30:00Z')
    expect(await app.services.progressMessages.weeklySweep()).toBe(0)
    await restart('2027-01-11T14:45:00Z')
    expect(await app.services.progressMessages.weeklySweep()).toBe(0)
    expect(await summaries(joana)).toHaveLength(1)
    expect(
      (await (await db()).select().from(mailOutbox).where(eq(mailOutbox.to, joana.email))).filter(
        (m) => m.subject.startsWith('Resumo'),
      ),
    ).toHaveLength(1)
    expect(await notesOf(joana, 'weekly')).toHaveLength(1)
    expect(await notesOf(quieta, 'weekly')).toEqual([])

    // Monday 15:00: Saturday's session was never asked about, but the summary was today's one
    // unprompted message.
    setClock('2027-01-11T18:00:00Z')
    await openChat(joana)
    expect(await questions(joana)).toHaveLength(2)
    // Tuesday 10:00: the latest planned day before it is still Saturday, asked about now.
    setClock('2027-01-12T13:00:00Z')
    await openChat(joana)
    expect((await questions(joana)).at(-1)?.text).toBe(
      'E aí, como foi o treino de saque de sábado?',
    )
    expect(pushes.filter((x) => x.payload.title.startsWith('Resumo'))).toHaveLength(2)
  })

  it('keeps the switches, the answers and the notes in the data export and erases them with the account', async () => {
    setClock('2027-01-13T13:00:00Z')
    const p = await player('dados-semana@areia.test')
    await setPreferences(p, { follow_ups: true, weekly_push: false })
    setClock('2027-01-14T13:00:00Z')
    await openChat(p)
    await say(p, 'Foi puxado')
    const tokens = await session(p)
    const doc = (
      await app.server.inject({
        method: 'GET',
        url: '/api/v1/users/me/export',
        headers: bearer(tokens.access_token),
      })
    ).json<DataExport>()
    expect(doc.progress.notes).toEqual([
      {
        kind: 'follow_up',
        key: '2027-01-12',
        sent_at: '2027-01-14T13:00:00.000Z',
        outcome: 'done',
      },
    ])
    expect(doc.progress.preferences).toEqual({
      follow_ups: true,
      weekly_chat: true,
      weekly_push: false,
      weekly_email: false,
      updated_at: expect.any(String) as string,
    })

    expect((await deleteAccount(app, tokens.access_token)).statusCode).toBe(204)
    const left = await (
      await db()
    )
      .select()
      .from(progressPreferences)
      .where(eq(progressPreferences.userId, p.userId))
    expect(left).toEqual([])
    expect(await notesOf(p, 'follow_up')).toEqual([])
  })

  it('refuses a switch that does not exist, or none, with a message in Portuguese', async () => {
    setClock('2027-01-14T15:00:00Z')
    const p = await player('chaves-semana@areia.test', { plan: false })
    const refused = async (payload: object) => {
      const res = await callAs(app, p.tokens, 'PATCH', '/api/v1/progress/preferences', payload)
      expect(res.statusCode).toBe(422)
      return res.json<{ detail: string; code: string }>()
    }
    expect(await refused({})).toMatchObject({ detail: 'Diga qual aviso ligar ou desligar.' })
    expect((await refused({ follow_ups: 'sim' })).detail).toContain(
      'Use verdadeiro ou falso para ligar ou desligar.',
    )
    expect(await refused({ weekly_sms: true })).toEqual({
      detail: 'Chave inválida: "weekly_sms"',
      code: 'invalid_input',
    })
    const res = await callAs(app, p.tokens, 'GET', '/api/v1/progress/preferences')
    expect(res.json<ProgressPreferences>()).toEqual({
      follow_ups: true,
      weekly_chat: true,
      weekly_push: true,
      weekly_email: false,
    })
  })
})
