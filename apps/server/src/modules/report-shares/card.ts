import fs from 'node:fs'
import { createRequire } from 'node:module'
import {
  capitalize,
  GAME_OUTCOME_LABEL,
  headlineInsights,
  parseResultLine,
  type SharedReport,
  teamOf,
  tagsCoverMatch,
  zoneShares,
} from '@areia/contracts'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'

/**
 * The match as an image to post: the result, three highlights and the heatmap, with the player's
 * first name and nothing else about them. Laid out as HTML and CSS (satori draws it as SVG, its
 * text as outlines of the fonts below, so no font need be installed) and rasterised by resvg.
 */

/** Instagram and WhatsApp stories, and a square post. */
export const CARD_SIZES = {
  story: { width: 1080, height: 1920 },
  square: { width: 1080, height: 1080 },
} as const
export type CardFormat = keyof typeof CARD_SIZES

const COLORS = {
  deep: '#06324a',
  sea: '#0b4f6c',
  seaLight: '#ddf1f2',
  sun: '#f4c27a',
  sand: '#fbf7f0',
  ink: '#1b2733',
}

const require = createRequire(import.meta.url)
const font = (weight: 400 | 700 | 800) =>
  fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`))
let fonts: Array<{ name: string; data: Buffer; weight: 400 | 700 | 800; style: 'normal' }> | null =
  null
const loadFonts = () =>
  (fonts ??= ([400, 700, 800] as const).map((weight) => ({
    name: 'Inter',
    data: font(weight),
    weight,
    style: 'normal' as const,
  })))

/** A satori element: what JSX would make, written out. */
type Node = { type: string; props: Record<string, unknown> }
const el = (type: string, style: Record<string, unknown>, ...children: unknown[]): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, children },
})
const text = (style: Record<string, unknown>, value: string) => el('div', style, value)

const whole = (n: number) => Math.round(n).toLocaleString('pt-BR')
const oneDecimal = (n: number) =>
  n.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** "4/6 6/3 4/10": the confirmed sets, or the tags' when they tell the whole match. */
function scoreLine(report: SharedReport): string | null {
  const sets = report.game.score ? parseResultLine(report.game.score) : null
  if (sets) return sets.map((s) => `${s.us}/${s.them}`).join('  ')
  const { stats } = report
  const team = teamOf(report.player.track_id)
  if (stats && tagsCoverMatch(stats, team, null)) {
    return stats.final_score.sets
      .map(([a, b]) => (team === 0 ? `${a}/${b}` : `${b}/${a}`))
      .join('  ')
  }
  return null
}

const longDate = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

function dateLine(report: SharedReport): string | null {
  const { date, week } = report.game
  if (date) return longDate.format(new Date(`${date}T12:00:00Z`))
  if (week) return `Semana de ${longDate.format(new Date(`${week}T12:00:00Z`))}`
  return null
}

/**
 * Three sentences about the match: the report's highlights from the analyst's tags, then the
 * player's movement, in the third person with the first name (the image is for others to see).
 */
export function cardHighlights(report: SharedReport, name: string): string[] {
  const told = report.stats
    ? headlineInsights(report.stats, report.player.track_id, { kind: 'third', name }).map(
        (i) => i.text,
      )
    : []
  const p = report.player
  const zones = zoneShares(p)
  const movement = [
    `${name} percorreu ${whole(p.distance_m.value)} m`,
    `${name} chegou a ${oneDecimal(p.peak_speed_mps.value * 3.6)} km/h`,
    `${name} passou ${zones.net}% do tempo perto da rede`,
  ]
  return [...told, ...movement].slice(0, 3)
}

function layout(report: SharedReport, heatmap: Buffer, format: CardFormat): Node {
  const { width, height } = CARD_SIZES[format]
  const story = format === 'story'
  const name = report.first_name ?? 'Jogador(a)'
  const outcome = report.game.outcome
  const score = scoreLine(report)
  const superTiebreak = (parseResultLine(report.game.score ?? '') ?? []).some(
    (s) => s.superTiebreak,
  )
  const date = dateLine(report)
  const image = `data:image/png;base64,${heatmap.toString('base64')}`

  const head = el(
    'div',
    { flexDirection: 'column', gap: 8 },
    text({ fontSize: 34, fontWeight: 800, letterSpacing: 6, color: COLORS.sun }, 'AREIA'),
    text({ fontSize: 40, color: COLORS.seaLight }, `Análise do jogo de ${name}`),
  )
  const result = el(
    'div',
    { flexDirection: 'column', gap: 12, alignItems: 'flex-start' },
    outcome
      ? text(
          {
            fontSize: 40,
            fontWeight: 700,
            padding: '6px 26px',
            borderRadius: 999,
            background: outcome === 'WON' ? COLORS.sun : COLORS.seaLight,
            color: COLORS.deep,
          },
          GAME_OUTCOME_LABEL[outcome],
        )
      : null,
    score ? text({ fontSize: story ? 120 : 92, fontWeight: 800, color: '#ffffff' }, score) : null,
    superTiebreak
      ? text({ fontSize: 32, color: COLORS.seaLight }, 'O último set foi um super tie-break.')
      : null,
    date ? text({ fontSize: 36, fontWeight: 700, color: '#ffffff' }, capitalize(date)) : null,
  )
  const highlights = el(
    'div',
    { flexDirection: 'column', gap: 18, width: 520 },
    ...cardHighlights(report, name).map((line) =>
      text(
        {
          fontSize: story ? 40 : 32,
          lineHeight: 1.25,
          padding: story ? '26px 30px' : '18px 24px',
          borderRadius: 24,
          background: 'rgba(255,255,255,0.1)',
          color: '#ffffff',
        },
        line,
      ),
    ),
  )
  const map = el(
    'div',
    { flexDirection: 'column', alignItems: 'center', gap: 12 },
    {
      type: 'img',
      props: {
        src: image,
        width: story ? 380 : 300,
        height: story ? 760 : 600,
        style: { borderRadius: 24, objectFit: 'contain', background: COLORS.sand },
      },
    },
    text({ fontSize: 28, color: COLORS.seaLight }, `Mapa de calor de ${name}`),
  )
  const foot = text(
    { fontSize: 28, color: COLORS.seaLight },
    'Feito no Areia: visão computacional e um analista de verdade.',
  )
  // Satori sizes boxes without their padding: the page's own size is what is left inside it.
  const [padY, padX] = story ? [110, 80] : [64, 64]
  const page = {
    width: width - 2 * padX,
    height: height - 2 * padY,
    padding: `${padY}px ${padX}px`,
    fontFamily: 'Inter',
    color: '#ffffff',
    backgroundImage: `linear-gradient(160deg, ${COLORS.deep}, ${COLORS.sea})`,
  }
  if (story) {
    return el(
      'div',
      { ...page, flexDirection: 'column', justifyContent: 'space-between' },
      head,
      result,
      el('div', { justifyContent: 'space-between', alignItems: 'flex-start' }, highlights, map),
      foot,
    )
  }
  return el(
    'div',
    { ...page, gap: 48 },
    el(
      'div',
      { width: 560, flexDirection: 'column', justifyContent: 'space-between' },
      head,
      result,
      highlights,
    ),
    el('div', { flex: 1, alignItems: 'center', justifyContent: 'center' }, map),
  )
}

/** The PNG of a report's card in a format. */
export async function renderCard(
  report: SharedReport,
  heatmap: Buffer,
  format: CardFormat,
): Promise<Buffer> {
  const { width, height } = CARD_SIZES[format]
  const svg = await satori(layout(report, heatmap, format) as never, {
    width,
    height,
    fonts: loadFonts(),
  })
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng()
}
