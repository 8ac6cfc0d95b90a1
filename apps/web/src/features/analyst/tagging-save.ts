import type { MatchTags } from '@areia/contracts/match'
import { useEffect, useState } from 'react'
import { ApiError, errorCode, errorMessage } from '../../lib/api-error'
import { saveTags } from './analyst-api'

/** A pause in the tagging this long saves it: often enough to lose nothing, not once a key. */
export const AUTOSAVE_MS = 700

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'stale'

export interface SaveState {
  status: SaveStatus
  error: string | null
  savedAt: string | null
}

/**
 * Saves the whole document, one request at a time, naming the revision it started from; a newer
 * save from elsewhere (409) stops it for good, since only a reload can merge the two.
 */
export class TagsSaver {
  private inFlight = false
  private queued: string | null = null
  private stopped = false
  /** The newest document seen, saved on leaving even inside the pause. */
  latest: string

  constructor(
    private readonly videoId: number,
    private revision: number,
    private saved: string,
    private readonly report: (s: SaveState | ((s: SaveState) => SaveState)) => void,
  ) {
    this.latest = saved
  }

  /** The console's newest document: true when it has to be saved (and is now pending). */
  see(body: string): boolean {
    this.latest = body
    if (!this.owes(body)) return false
    this.report((s) => (s.status === 'saving' ? s : { ...s, status: 'pending' }))
    return true
  }

  /** Whether `body` still has to be saved. */
  owes(body: string): boolean {
    return !this.stopped && body !== this.saved
  }

  /** True when the last save failed: what is on screen is not what is stored. */
  failed = false
  private running: Promise<void> | null = null

  async flush(body: string): Promise<void> {
    if (!this.owes(body)) return
    if (this.inFlight) {
      this.queued = body
      return
    }
    this.inFlight = true
    this.report((s) => ({ ...s, status: 'saving' }))
    const run = this.request(body)
    this.running = run
    await run
    if (this.running === run) this.running = null
  }

  /** Saves what is on screen now and waits until nothing is left to send. */
  async settle(): Promise<void> {
    await this.flush(this.latest)
    while (this.running) await this.running
  }

  private async request(body: string): Promise<void> {
    try {
      const res = await saveTags(this.videoId, {
        revision: this.revision,
        tags: JSON.parse(body) as MatchTags,
      })
      this.revision = res.revision
      this.saved = body
      this.failed = false
      this.report({ status: 'saved', error: null, savedAt: res.saved_at })
    } catch (e) {
      const stale = errorCode(e) === 'tags_stale'
      if (stale) this.stopped = true
      this.failed = true
      this.report((s) => ({
        ...s,
        status: stale ? 'stale' : 'error',
        error: errorMessage(
          e,
          'Não foi possível salvar as marcações. Tentamos de novo na próxima mudança.',
        ),
      }))
    } finally {
      this.inFlight = false
      const next = this.queued
      this.queued = null
      if (next !== null) void this.flush(next)
    }
  }
}

/** The open consoles' savers: publishing waits for their last tags first. */
const openSavers = new Set<TagsSaver>()

/** Sends the tags still pending; refuses when they could not be saved (nothing is published then). */
export async function settleTagging(): Promise<void> {
  const savers = [...openSavers]
  await Promise.all(savers.map((s) => s.settle()))
  if (savers.some((s) => s.failed)) {
    throw new ApiError(
      0,
      'As últimas marcações ponto a ponto não foram salvas. Resolva isso antes de publicar.',
    )
  }
}

/** Autosaves `tags` after each pause in the tagging. */
export function useAutosave(videoId: number, revision: number, tags: MatchTags): SaveState {
  const json = JSON.stringify(tags)
  const [state, setState] = useState<SaveState>({ status: 'saved', error: null, savedAt: null })
  const [saver] = useState(() => new TagsSaver(videoId, revision, json, setState))

  useEffect(() => {
    if (!saver.see(json)) return
    const timer = setTimeout(() => void saver.flush(json), AUTOSAVE_MS)
    return () => clearTimeout(timer)
  }, [json, saver])

  // Leaving the page inside the pause still saves what was tagged.
  useEffect(() => {
    openSavers.add(saver)
    return () => {
      openSavers.delete(saver)
      void saver.flush(saver.latest)
    }
  }, [saver])

  return state
}
