/** Time as the application sees it; tests replace it to reach expiry and grace windows. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export class ManualClock implements Clock {
  private current: number
  constructor(start: Date = new Date()) {
    this.current = start.getTime()
  }
  now(): Date {
    return new Date(this.current)
  }
  advance(seconds: number): void {
    this.current += seconds * 1000
  }
}

/** The system clock moved ahead by a fixed number of seconds. */
export function clockAhead(seconds: number): Clock {
  return { now: () => new Date(Date.now() + seconds * 1000) }
}
