import { ChatView } from './chat-view'

export { prefetchChatHistory as prefetch } from './chat-api'

/** `/chat`: the player's conversation with their team. */
export function ChatPage() {
  return <ChatView variant="main" />
}

/** `/`: the onboarding conversation with the host, which builds the team. */
export function OnboardingChatPage() {
  return <ChatView variant="onboarding" />
}
