import type { ProgressFigureKey, ProgressMatch, ProgressValue } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import { reportFollowUp } from '../src/progress/report-changes'

const plain = (value: number): ProgressValue => ({ value, won: null, of: null })
const share = (won: number, of: number): ProgressValue => ({
  value: Math.round((won / of) * 100),
  won,
  of,
})

function match(
  id: number,
  figures: Partial<Record<ProgressFigureKey, ProgressValue>>,
  errors: ProgressMatch['by_stroke'] = null,
): ProgressMatch {
  const all = Object.fromEntries(
    [
      'points_won',
      'serves_in',
      'points_won_on_serve',
      'winners',
      'unforced_errors',
      'smashes_converted',
      'golden_points',
      'net_share',
      'distance_m',
      'avg_speed_kmh',
    ].map((k) => [k, figures[k as ProgressFigureKey] ?? null]),
  ) as ProgressMatch['figures']
  return {
    video_id: id,
    date: `2026-11-0${id}`,
    outcome: null,
    score: null,
    figures: all,
    by_stroke: errors,
  }
}

describe('the statistical coach after a new report', () => {
  it('keeps the focus, saying so, when the fall points at what the plan already works on first', () => {
    const up = reportFollowUp(
      [match(1, { serves_in: share(9, 10) }), match(2, { serves_in: share(5, 10) })],
      ['saque', 'voleio'],
    )
    expect(up).toEqual({
      text: [
        'Comparei este jogo com o anterior. A mudança que mais pesou:',
        '',
        '- **Saques dentro**: 90% (9 de 10) no jogo de 01/11 → 50% (5 de 10) agora (−40 p.p.).',
        '',
        'O foco do seu plano de treino continua no **saque**, porque os saques dentro caíram de 90% para 50%.',
      ].join('\n'),
      focus: null,
    })
  })

  it('leaves the plan alone when nothing that names a stroke fell', () => {
    const up = reportFollowUp(
      [match(1, { distance_m: plain(900) }), match(2, { distance_m: plain(1200) })],
      ['voleio'],
    )
    expect(up?.focus).toBeNull()
    expect(up?.text).toContain(
      '- **Distância percorrida**: 900 m no jogo de 01/11 → 1.200 m agora (+300 m).',
    )
    expect(up?.text).toContain('O foco do seu plano de treino fica como está')
  })

  it('says nothing for a first match or when no figure moved', () => {
    expect(reportFollowUp([match(1, { winners: plain(3) })], ['saque'])).toBeNull()
    expect(
      reportFollowUp([match(1, { winners: plain(3) }), match(2, { winners: plain(3) })], null),
    ).toBeNull()
  })
})
