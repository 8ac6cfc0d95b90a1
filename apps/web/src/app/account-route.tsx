import { AccountPage } from '../features/account/account-page'
import { CoachMessagesCard } from '../features/progress/coach-messages-card'
import { NotificationToggle } from '../features/push/notification-toggle'

/**
 * `/conta` with the notification switch and the coaches' message switches composed in (features
 * never import each other).
 */
export function AccountRoute() {
  return (
    <AccountPage notifications={<NotificationToggle />} coachMessages={<CoachMessagesCard />} />
  )
}
