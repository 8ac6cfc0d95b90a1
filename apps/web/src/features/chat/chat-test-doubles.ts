import type { ServerFrame } from '@areia/contracts/chat'

/** The chat's tests play the server through the frame handler the page gave its socket. */
export const socket = { onFrame: null as ((frame: ServerFrame) => void) | null }

/** Stands in for lib/use-chat-socket: always connected, every frame sent accepted. */
export const fakeChatSocketModule = {
  useChatSocket: (options: { onFrame: (frame: ServerFrame) => void }) => {
    socket.onFrame = options.onFrame
    return { status: 'Conectado', reason: null, send: () => true, reconnect: () => undefined }
  },
}

/** Stands in for ./chat-api: an empty history and no report waiting. */
export const quietChatApiModule = {
  loadChatHistory: () => Promise.resolve([]),
  prefetchChatHistory: () => undefined,
  checkForReport: () => Promise.resolve({}),
}
