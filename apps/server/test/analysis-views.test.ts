import { RalliesSummary } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import type { MediaUrls } from '../src/modules/analysis/files'
import { ralliesSummary } from '../src/modules/analysis/views'
import { fixtureResult } from './helpers/analysis'

const signer: MediaUrls = { url: (id, kind, name) => `/m/${id}/${kind}/${name ?? ''}` }

describe('the rallies the analyst and the player read', () => {
  it('carry the serve the video showed and whether the video had sound', () => {
    const result = fixtureResult()
    const [first, ...rest] = result.rallies.items
    const silent = {
      ...result,
      rallies: {
        ...result.rallies,
        sound: false,
        items: [{ ...first!, serve: { t: 1.25, playerId: 3, side: 'left' as const } }, ...rest],
      },
    }
    const summary = ralliesSummary(7, silent, {}, signer)
    expect(RalliesSummary.parse(summary)).toEqual(summary)
    expect(summary.video_sound).toBe(false)
    expect(summary.items[0]!.serve).toEqual({ at_sec: 1.25, track_id: 3, side: 'left' })
    expect(summary.items.slice(1).every((r) => r.serve === null)).toBe(true)
    // An analysis made before sound was reported says nothing of it.
    const { sound: _, ...older } = silent.rallies
    expect(ralliesSummary(7, { ...silent, rallies: older }, {}, signer)).not.toHaveProperty(
      'video_sound',
    )
  })
})
