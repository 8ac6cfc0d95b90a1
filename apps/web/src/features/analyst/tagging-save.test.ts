import { ZERO_SCORE, type AnalystTagsBody, type MatchTags } from '@areia/contracts/match'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-error'
import { saveTags } from './analyst-api'
import { TagsSaver, type SaveState } from './tagging-save'

vi.mock('./analyst-api', () => ({ saveTags: vi.fn() }))
const save = vi.mocked(saveTags)

const doc = (n: number): string =>
  JSON.stringify({ start_score: { ...ZERO_SCORE, games: [n, 0] }, points: [] } satisfies MatchTags)

function saver() {
  let state: SaveState = { status: 'saved', error: null, savedAt: null }
  const s = new TagsSaver(7, 3, doc(0), (next) => {
    state = typeof next === 'function' ? next(state) : next
  })
  return { s, state: () => state }
}

describe('TagsSaver', () => {
  beforeEach(() => {
    save.mockReset()
  })

  it('sends one save at a time, the newest document last, each from the revision before', async () => {
    const sent: AnalystTagsBody[] = []
    save.mockImplementation(async (_id, body) => {
      sent.push(body)
      await new Promise((r) => setTimeout(r, 5))
      return { revision: body.revision + 1, tags: body.tags, saved_at: '2026-11-26T16:00:00Z' }
    })
    const { s, state } = saver()
    s.see(doc(1))
    void s.flush(doc(1))
    s.see(doc(2))
    void s.flush(doc(2))
    s.see(doc(3))
    void s.flush(doc(3))
    await s.settle()
    expect(sent.map((b) => [b.revision, b.tags.start_score.games[0]])).toEqual([
      [3, 1],
      [4, 3],
    ])
    expect(state().status).toBe('saved')
    expect(s.owes(doc(3))).toBe(false)
  })

  it('stops for good on a newer save elsewhere, and says so', async () => {
    save.mockRejectedValue(
      new ApiError(409, 'Estas marcações foram salvas depois em outra aba.', {
        code: 'tags_stale',
      }),
    )
    const { s, state } = saver()
    s.see(doc(1))
    await s.settle()
    expect(state()).toMatchObject({
      status: 'stale',
      error: 'Estas marcações foram salvas depois em outra aba.',
    })
    expect(s.failed).toBe(true)
    expect(s.owes(doc(2))).toBe(false)
    expect(save).toHaveBeenCalledTimes(1)
  })

  it('decides on the code, not the status: another 409 is an error that retries', async () => {
    save.mockRejectedValue(
      new ApiError(409, 'Esta análise já foi publicada.', { code: 'analysis_published' }),
    )
    const { s, state } = saver()
    s.see(doc(1))
    await s.settle()
    expect(state()).toMatchObject({ status: 'error', error: 'Esta análise já foi publicada.' })
    expect(s.owes(doc(2))).toBe(true)
  })
})
