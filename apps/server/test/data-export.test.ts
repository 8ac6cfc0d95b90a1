import fs from 'node:fs'
import path from 'node:path'
import { DataExport } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cardTokens, users, videos } from '../src/db/schema'
import { fixtureBytes, seedAnalysed } from './helpers/analysis'
import { bearer, signUpAndLogIn, userIdOf } from './helpers/app'
import { testDatabase } from './helpers/database'
import { playerSuite, playerWhoUsedEverything } from './helpers/full-player'

/** LGPD art. 18 II and V: the player downloads every piece of data the product keeps about them. */

const s = playerSuite('areia-export-')

const exportOf = (token?: string) =>
  s.app.server.inject({
    method: 'GET',
    url: '/api/v1/users/me/export',
    headers: token ? bearer(token) : {},
  })

describe('GET /api/v1/users/me/export', () => {
  it('hands over every module’s data as a JSON download, and no secret', async () => {
    const who = { EMAIL: 'caio.baixa@example.com', NAME: 'Caio Baixadados', CPF: '52998224725' }
    const { userId, tokens, videoId, orderId, operatorEmail } = await playerWhoUsedEverything(
      s,
      who,
    )
    const res = await exportOf(tokens.access_token)
    expect(res.statusCode).toBe(200)
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      s.app.clock.now(),
    )
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="areia-dados-${day}.json"`,
    )
    expect(res.headers['cache-control']).toBe('no-store')
    const doc = DataExport.parse(res.json())

    expect(doc.account).toMatchObject({ id: userId, email: who.EMAIL, name: who.NAME })
    expect(doc.account.has_password).toBe(true)
    expect(doc.profile).toMatchObject({ tax_id: who.CPF, address_city: 'Florianópolis' })
    expect(doc.sessions.length).toBeGreaterThan(0)
    expect(doc.identities).toEqual([expect.objectContaining({ provider: 'google' })])
    expect(doc.onboarding).not.toBeNull()
    expect(doc.coaches).toHaveLength(3)
    expect(doc.chat_messages.map((m) => m.content)).toContain(`Oi, eu sou a ${who.NAME}`)
    expect(doc.chat_messages.some((m) => m.partner_slug === 'cora-nutricao')).toBe(true)
    expect(doc.memory_facts.map((f) => f.text)).toEqual([`${who.NAME} joga de manhã em Jurerê`])
    expect(doc.partner_agents.map((p) => p.slug)).toEqual(['cora-nutricao'])
    expect(doc.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        plan: 'Pro',
        amount: 53.91,
        coupon_code: 'AREIA10',
        status: 'PAID',
      }),
    ])
    expect(doc.subscription).toMatchObject({ plan: 'Pro', status: 'ACTIVE' })
    expect(doc.coupon_redemptions.map((c) => c.code)).toEqual(['AREIA10'])
    expect(doc.push_subscriptions.map((p) => p.endpoint)).toEqual([
      'https://push.example.com/send/navegador-do-jogador',
    ])
    expect(doc.videos.map((v) => v.id)).toEqual([videoId])
    expect(doc.analyses).toEqual([
      expect.objectContaining({
        video_id: videoId,
        stage: 'PUBLISHED',
        player_track_id: 1,
        report_markdown: expect.stringContaining(`Relatório de ${who.NAME}`) as string,
      }),
    ])
    expect(doc.analyses[0]?.result).toBeTruthy()
    expect(doc.audit_entries.map((a) => a.action)).toEqual([
      'player.role',
      'player.role',
      'analysis.publish',
    ])
    expect(doc.emails.map((e) => e.subject)).toContain('Abriu uma vaga no plano Ultra!')

    // Secrets stay out: hashes, push keys, the sealed card, the gateway's card id, operators.
    const { db } = await testDatabase({ reset: false })
    const [user] = await db.select().from(users).where(eq(users.id, userId))
    const [card] = await db.select().from(cardTokens).where(eq(cardTokens.userId, userId))
    const text = res.body
    for (const secret of [
      user!.passwordHash!,
      tokens.refresh_token,
      'AAAAAAAAAAAAAAAAAAAAAA',
      card!.encrypted,
      operatorEmail,
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toMatch(/password_hash|token_hash|p256dh|"auth"|card_id|encrypted/)
  })

  it("links each of the player's own files for a day: they download the right files, and nobody else's", async () => {
    const { db } = await testDatabase({ reset: false })
    const seeded = async (email: string) => {
      const tokens = await signUpAndLogIn(s.app, email)
      const userId = userIdOf(tokens)
      const videoId = await seedAnalysed(s.app, s.dataDir, userId)
      // The identification picture, as the frame job leaves it beside the video.
      const [video] = await db.select().from(videos).where(eq(videos.id, videoId))
      const key = `${video!.storageKey}.identification.jpg`
      fs.mkdirSync(path.dirname(path.join(s.dataDir, 'videos', key)), { recursive: true })
      fs.writeFileSync(path.join(s.dataDir, 'videos', key), fixtureBytes('keyframe.jpg'))
      await db
        .update(videos)
        .set({ identificationFrame: { status: 'ready', key, atSec: 3, players: [] } })
        .where(eq(videos.id, videoId))
      return { tokens, videoId }
    }
    const mine = await seeded('meus-arquivos@example.com')
    const theirs = await seeded('arquivos-de-outra@example.com')

    const doc = DataExport.parse((await exportOf(mine.tokens.access_token)).json())
    expect(doc.files.map((f) => `${f.kind}:${f.part ?? ''}`).sort()).toEqual(
      [
        'video:',
        'identification_picture:',
        'keyframe:',
        'heatmap:1',
        'heatmap:2',
        'heatmap:3',
        'heatmap:4',
        'clip:1',
        'clip:2',
      ].sort(),
    )
    const day = Date.parse(doc.generated_at) + 86_400_000
    const expected = {
      video: fixtureBytes('clip.mp4'),
      identification_picture: fixtureBytes('keyframe.jpg'),
      keyframe: fixtureBytes('keyframe.jpg'),
      heatmap: fixtureBytes('heatmap.png'),
      clip: fixtureBytes('clip.mp4'),
      highlights: fixtureBytes('clip.mp4'),
    }
    const pathOf = (url: string) => {
      const u = new URL(url)
      return `${u.pathname}${u.search}`
    }
    for (const f of doc.files) {
      // Only the player's own video, as absolute links that open without signing in.
      expect(f.video_id).toBe(mine.videoId)
      expect(f.url).toMatch(/^https?:\/\//)
      expect(Date.parse(f.expires_at)).toBe(day)
      const res = await s.app.server.inject({ method: 'GET', url: pathOf(f.url) })
      expect(res.statusCode, f.url).toBe(200)
      expect(res.headers['content-type'], f.url).toBe(f.content_type)
      expect(res.rawPayload.equals(expected[f.kind]), f.url).toBe(true)
    }
    // The link of one file never opens another player's: the signature names the video.
    const video = doc.files.find((f) => f.kind === 'video')!
    const other = pathOf(video.url).replace(
      `/videos/${mine.videoId}/`,
      `/videos/${theirs.videoId}/`,
    )
    expect((await s.app.server.inject({ method: 'GET', url: other })).statusCode).toBe(403)
    const theirDoc = DataExport.parse((await exportOf(theirs.tokens.access_token)).json())
    expect(theirDoc.files.every((f) => f.video_id === theirs.videoId)).toBe(true)
    // A day later the links have lapsed.
    s.app.clock.advance(86_400 + 60)
    expect((await s.app.server.inject({ method: 'GET', url: pathOf(video.url) })).statusCode).toBe(
      403,
    )
  })

  it('shows a player only their own data', async () => {
    const a = await signUpAndLogIn(s.app, 'so-eu@example.com')
    await signUpAndLogIn(s.app, 'outra-pessoa@example.com')
    const doc = DataExport.parse((await exportOf(a.access_token)).json())
    expect(doc.account.email).toBe('so-eu@example.com')
    expect(JSON.stringify(doc)).not.toContain('outra-pessoa@example.com')
    expect(doc.orders).toEqual([])
    expect(doc.subscription).toBeNull()
  })

  it('needs a signed-in player', async () => {
    const res = await exportOf()
    expect(res.statusCode).toBe(401)
    expect(res.json<{ detail: string }>().detail).toBeTruthy()
  })

  it('is limited to five downloads an hour, with a pt-BR answer', async () => {
    const tokens = await signUpAndLogIn(s.app, 'baixa-muito@example.com')
    for (let i = 0; i < 5; i++) expect((await exportOf(tokens.access_token)).statusCode).toBe(200)
    const sixth = await exportOf(tokens.access_token)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json<{ detail: string }>().detail).toMatch(
      /^Você já baixou seus dados várias vezes\. Tente novamente em \d+ minutos?\.$/,
    )
    expect(sixth.headers['retry-after']).toBeTruthy()
  })
})
