import { AccountPage } from '../features/account/account-page'
import { NotificationToggle } from '../features/push/notification-toggle'

/** `/conta` with the notification switch composed in (features never import each other). */
export function AccountRoute() {
  return <AccountPage notifications={<NotificationToggle />} />
}
