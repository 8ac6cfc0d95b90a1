import type { ModuleBase, ServerModule } from '../module'
import type { UsersService } from '../users/service'
import { memoryRoutes } from './routes'
import { MemoryService } from './service'
import { MemoryStore } from './store'

export interface MemoryModuleDeps extends ModuleBase {
  users: UsersService
  /** The lower part of the chat: "limpar conversa". */
  chat: { clearConversation(userId: string): Promise<void> }
}

/** What the coaches remember of the player, as the memory screen shows and edits it. */
export function createMemoryModule(d: MemoryModuleDeps) {
  const memory = new MemoryService({
    db: d.db,
    store: new MemoryStore(),
    users: d.users,
    clock: d.clock,
    clearConversation: (userId) => d.chat.clearConversation(userId),
  })
  return {
    memory,
    routes: async (server) => {
      await server.register(memoryRoutes, { memory })
    },
  } satisfies ServerModule & Record<string, unknown>
}
