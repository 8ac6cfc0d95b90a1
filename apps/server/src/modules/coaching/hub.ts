import type { ServerFrame } from '@areia/contracts'
import type { Bus } from '../../adapters/bus'

/** What the hub needs of a connection: a way to push a frame. */
export interface ChatSocket {
  send(frame: ServerFrame): void
}

const CHANNEL = 'chat'

/**
 * The analysts' room: sockets opened with `watch=analysis` by ANALYST or ADMIN users, which get
 * every video's analysis progress. Not a user id (those are UUIDs), so no player can be in it.
 */
export const ANALYSIS_ROOM = 'room:analysis'

interface Envelope {
  userId: string
  frame: ServerFrame
}

/**
 * Delivers frames to every open socket of a player, on whichever node it is: frames go out
 * through the bus and each node hands them to its own sockets.
 */
export class ChatHub {
  private readonly sockets = new Map<string, Set<ChatSocket>>()

  constructor(private readonly bus: Bus) {}

  async start(): Promise<void> {
    await this.bus.subscribe(CHANNEL, (raw) => {
      const { userId, frame } = JSON.parse(raw) as Envelope
      for (const socket of this.sockets.get(userId) ?? []) socket.send(frame)
    })
  }

  add(userId: string, socket: ChatSocket): void {
    let set = this.sockets.get(userId)
    if (!set) this.sockets.set(userId, (set = new Set()))
    set.add(socket)
  }

  remove(userId: string, socket: ChatSocket): void {
    const set = this.sockets.get(userId)
    if (!set) return
    set.delete(socket)
    if (set.size === 0) this.sockets.delete(userId)
  }

  /** Sockets of this player on this node. */
  localCount(userId: string): number {
    return this.sockets.get(userId)?.size ?? 0
  }

  publish(userId: string, frame: ServerFrame): Promise<void> {
    const envelope: Envelope = { userId, frame }
    return this.bus.publish(CHANNEL, JSON.stringify(envelope))
  }
}
