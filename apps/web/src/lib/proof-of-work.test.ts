import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { solveChallenge } from './proof-of-work'

const zeroBits = (hex: string) => {
  const bits = BigInt(`0x1${hex}`).toString(2).slice(1)
  return bits.length - bits.replace(/^0+/, '').length
}

describe('solveChallenge', () => {
  it('finds a nonce whose SHA-256 has the asked zero bits, as the server checks it', async () => {
    for (const difficulty of [4, 12]) {
      const challenge = `abc.${difficulty}.desafio`
      const nonce = await solveChallenge(challenge, difficulty)
      const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest('hex')
      expect(zeroBits(digest)).toBeGreaterThanOrEqual(difficulty)
    }
  })
})
