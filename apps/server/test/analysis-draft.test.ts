import type { PlayerMetrics } from '@areia/vision'
import { describe, expect, it } from 'vitest'
import {
  chooseDrills,
  COMMENTARY_HEADING,
  commentaryOf,
  draftReport,
} from '../src/modules/analysis/report-draft'
import { fixtureResult } from './helpers/analysis'

const base = () => fixtureResult().players.find((p) => p.id === 2)!
const rallies = () => fixtureResult().rallies

/** The fixture's player with the figures a rule reads replaced. */
function player(f: {
  net: number
  mid: number
  back: number
  partner?: number
  peak?: number
}): PlayerMetrics {
  const p = base()
  return {
    ...p,
    timeNearNetSec: { value: f.net, frames: [] },
    timeMidSec: { value: f.mid, frames: [] },
    timeBackSec: { value: f.back, frames: [] },
    avgPartnerDistanceM: { value: f.partner ?? 3.5, frames: [] },
    peakSpeedMps: { value: f.peak ?? 4.2, frames: [] },
  }
}

const titles = (p: PlayerMetrics, longest = 8) =>
  chooseDrills(p, { ...rallies(), longestSec: longest }).map((d) => d.title)

describe('the draft report', () => {
  it('chooses what to train from the figures', () => {
    expect(titles(player({ net: 20, mid: 50, back: 130 }))).toEqual([
      'Transição para a rede',
      'Sair do fundo da quadra',
    ])
    expect(titles(player({ net: 120, mid: 60, back: 20 }))).toEqual([
      'Defesa do lob na rede',
      'Deslocamento lateral',
    ])
    expect(titles(player({ net: 80, mid: 80, back: 40, partner: 6.2 }), 25)).toEqual([
      'Espaçamento da dupla',
      'Resistência em ralis longos',
    ])
    expect(titles(player({ net: 10, mid: 60, back: 100, partner: 1.4, peak: 2.1 }), 30)).toEqual([
      'Transição para a rede',
      'Sair do fundo da quadra',
      'Espaçamento da dupla',
    ])
    // Nothing stands out: two general drills, never fewer.
    expect(titles(player({ net: 80, mid: 80, back: 40 }))).toEqual([
      'Deslocamento lateral',
      'Saque e primeira bola',
    ])
  })

  it('writes the shares of tracked time and, for Ultra, an empty commentary section', () => {
    const md = draftReport({
      player: player({ net: 30, mid: 50, back: 20 }),
      rallies: rallies(),
      game: { date: '2026-11-02', week: null, outcome: 'LOST', score: '4/6' },
      humanReview: true,
    })
    expect(md).toContain('Jogo de 02/11/2026 — derrota por 4/6.')
    expect(md).toContain('30% do tempo perto da rede, 50% no meio e 20% no fundo')
    expect(md).toContain('**Ralis:** 2')
    expect(md.trimEnd().endsWith(COMMENTARY_HEADING)).toBe(true)
    expect(commentaryOf(md)).toBe('')
    expect(commentaryOf(`${md}\nÓtimo jogo de rede.\n`)).toBe('Ótimo jogo de rede.')
    expect(commentaryOf(`${md}\n## Outra seção\ntexto`)).toBe('')
    const pro = draftReport({
      player: player({ net: 30, mid: 50, back: 20 }),
      rallies: rallies(),
      game: { date: null, week: null, outcome: null, score: null },
      humanReview: false,
    })
    expect(pro).not.toContain(COMMENTARY_HEADING)
    expect(pro).not.toContain('Jogo de')
  })

  it('says when rallies could not be told apart, and which stretch the camera moved in', () => {
    const md = draftReport({
      player: player({ net: 30, mid: 50, back: 20 }),
      rallies: { ...rallies(), count: 0, items: [], note: 'sem contraste' },
      game: { date: null, week: null, outcome: null, score: null },
      humanReview: false,
      camera: { moved: [{ fromSec: 95, toSec: 130, cut: false }] },
    })
    expect(md).not.toContain('**Ralis:** 0')
    expect(md).toContain('**Ralis:** não foi possível separar os pontos das pausas')
    expect(md).toContain('a câmera se moveu durante o vídeo (1 min 35 s a 2 min 10 s)')
  })
})
