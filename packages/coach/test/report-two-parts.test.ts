import { describe, expect, it } from 'vitest'
import { PLAYERS } from '../eval/players'
import { talk } from './fixtures'

const reports = PLAYERS['h3-A']!.reports

describe('two questions about the report in one message', () => {
  it('answers each: a figure it has and what it does not measure, nothing said twice', () => {
    const [serve] = talk(
      ['qual a velocidade do meu saque? e onde caiu a maioria?'],
      [],
      undefined,
      {
        reports,
      },
    )
    expect(serve).toMatch(/não mede a velocidade da bola/)
    expect(serve).toMatch(/onde ela quicou o relatório não mede/)
    const paragraphs = serve!.split('\n\n')
    expect(new Set(paragraphs).size).toBe(paragraphs.length)
    const [points] = talk(
      ['no total a gente ganhou qtos pontos? e em q set eu corri mais?'],
      [],
      undefined,
      { reports },
    )
    expect(points).toMatch(/11 de 24 pontos/)
    expect(points).toMatch(/não separa os outros números por set/)
    expect(points).toMatch(/1\.420 m/)
  })
})
