import type { Bus } from '../../adapters/bus'
import type { JobQueue } from '../../adapters/queue'
import type { AuthService } from '../auth/service'
import type { ModuleBase, ServerModule } from '../module'
import type { PushService } from '../push/service'
import type { UsersService } from '../users/service'
import { ChatConversation } from './conversation'
import type { CoachEngine } from './engine'
import { ChatHub } from './hub'
import { coachingRoutes } from './routes'
import {
  CoachingService,
  type GroupChat,
  type MessageHook,
  type PlayerGamesProvider,
  type ProductsProvider,
  plainPreview,
} from './service'
import { CoachingStore } from './store'

export interface ConversationModuleDeps extends ModuleBase {
  bus: Bus
  queue: JobQueue
  users: UsersService
}

/**
 * A failed chat task is the server's own fault, logged as an error, unless its player is gone:
 * a reply overtaken by the deletion of its account is only noted.
 */
function chatFailures(d: Pick<ModuleBase, 'log'> & { users: UsersService }) {
  return (err: unknown, userId: string) => {
    void d.users.findById(userId).then(
      (user) =>
        user
          ? d.log.error({ err, userId }, 'chat: processing failed')
          : d.log.info({ userId }, 'chat: reply dropped, the account was deleted meanwhile'),
      (lookup: unknown) => d.log.error({ err, lookup, userId }, 'chat: processing failed'),
    )
  }
}

/**
 * The lower part of the chat, built before the modules that write into it (videos, analysis,
 * agents, memory); the coaches' replies are built after them, with what they offer.
 */
export async function createConversation(d: ConversationModuleDeps) {
  const hub = new ChatHub(d.bus)
  await hub.start()
  const store = new CoachingStore()
  const conversation = new ChatConversation({
    db: d.db,
    store,
    hub,
    queue: d.queue,
    clock: d.clock,
    turnTimeoutSeconds: d.config.chat.turnTimeoutSeconds,
    onError: chatFailures(d),
  })
  return { hub, store, conversation }
}

export type Conversation = Awaited<ReturnType<typeof createConversation>>

export interface CoachingModuleDeps extends ModuleBase {
  conversation: Conversation
  users: UsersService
  auth: AuthService
  push: PushService
  engine: CoachEngine
  queue: JobQueue
  messageHook: MessageHook
  group: GroupChat
  playerGames: PlayerGamesProvider
  plans: ProductsProvider
  /** The player opened the chat, past onboarding (the progress module's follow-up). */
  chatOpened: (userId: string) => Promise<void>
}

/** The coaches' side of the chat: onboarding, introductions and replies, and the chat socket. */
export function createCoachingModule(d: CoachingModuleDeps) {
  const { hub, store, conversation } = d.conversation
  const coaching = new CoachingService({
    conversation,
    db: d.db,
    store,
    users: d.users,
    hub,
    engine: d.engine,
    queue: d.queue,
    clock: d.clock,
    typing: d.config.chat.typing,
    turnTimeoutSeconds: d.config.chat.turnTimeoutSeconds,
    onError: chatFailures(d),
    // A player with no chat open on this node gets the reply as a push notification; one tag
    // for the whole conversation, so a burst of replies shows as one notification.
    onCoachMessage: async (userId, coach, text) => {
      if (hub.localCount(userId) > 0) return
      await d.push.notify(userId, {
        title: `${coach.name} respondeu`,
        body: plainPreview(text),
        url: '/chat',
        tag: 'chat',
      })
    },
    messageHook: d.messageHook,
    group: d.group,
    playerGames: d.playerGames,
    plans: d.plans,
    chatOpened: d.chatOpened,
  })
  return {
    coaching,
    routes: async (server) => {
      await server.register(coachingRoutes, {
        coaching,
        hub,
        auth: d.auth,
        publicOrigin: d.config.publicOrigin,
      })
    },
    // Built with every port the replies need, so a queued reply may run as soon as this starts.
    jobs: coaching.jobs(),
  } satisfies ServerModule & Record<string, unknown>
}
