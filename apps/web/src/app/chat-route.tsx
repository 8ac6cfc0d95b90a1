import { ChatPage } from '../features/chat/chat-page'
import { UploadModalHost } from '../features/videos/upload-host'

export { prefetchChatHistory as prefetch } from '../features/chat/chat-api'

/** `/chat` with the video upload modal composed around it (features never import each other). */
export function ChatRoute() {
  return (
    <UploadModalHost>
      <ChatPage />
    </UploadModalHost>
  )
}
