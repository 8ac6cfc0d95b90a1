import type { ProgressMatch, ProgressResponse } from '@areia/contracts'

export interface ProgressServiceDeps {
  /** Every published match of the player with its figures, oldest first (the analysis port). */
  history: (userId: string) => Promise<ProgressMatch[]>
}

/** The player's figures over their analysed matches, read from the reports each time. */
export class ProgressService {
  constructor(private readonly deps: ProgressServiceDeps) {}

  /** The player's own matches only: the history is found through the session's user. */
  async progress(userId: string): Promise<ProgressResponse> {
    return { matches: await this.deps.history(userId) }
  }
}
