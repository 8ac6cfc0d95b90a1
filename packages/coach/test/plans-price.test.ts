import { describe, expect, it } from 'vitest'
import { plansReply } from '../src/product/plans'
import { LIVE_PLANS } from '../eval/players'

describe('the price of the plans', () => {
  it('answers the price first when it is asked first, then what the richer plan adds', () => {
    const [first, second] = (
      plansReply('quanto custa o plano pro? e o ultra tem oq a mais', LIVE_PLANS) ?? ''
    ).split('\n\n')
    expect(first).toMatch(/^O \*\*Pro\*\* custa \*\*R\$/)
    expect(second).toMatch(/tem tudo do Pro e mais/)
  })

  it('leads with what the richer plan adds when only that is asked', () => {
    const first = (plansReply('o ultra tem oq a mais que o pro?', LIVE_PLANS) ?? '').split(
      '\n\n',
    )[0]
    expect(first).toMatch(/tem tudo do Pro e mais/)
  })
})
