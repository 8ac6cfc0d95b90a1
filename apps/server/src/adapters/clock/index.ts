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

/** A clock that starts at `start` and runs at the system's pace from the moment it is made. */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now()
  return { now: () => new Date(Date.now() + offset) }
}
