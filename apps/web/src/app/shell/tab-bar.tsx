import { Link, useLocation } from 'react-router'
import { useAuth } from '../../lib/auth/auth-context'
import { useOpenPlans } from '../../lib/plans-modal'
import { Icon, type IconName } from '../../ui/icons'

type Tab = { to: string; label: string; icon: IconName; section: readonly string[] }

// Each tab also stays marked on the pages reached from it (a video's report, the password form).
const CHAT: Tab = { to: '/chat', label: 'Chat', icon: 'chat', section: ['/chat'] }
const VIDEOS: Tab = {
  to: '/videos',
  label: 'Vídeos',
  icon: 'video',
  section: ['/videos', '/evolucao'],
}
const PLAN: Tab = { to: '/meu-plano', label: 'Plano', icon: 'star', section: ['/meu-plano'] }
const ACCOUNT: Tab = {
  to: '/conta',
  label: 'Conta',
  icon: 'user',
  section: ['/conta', '/password', '/delete-account'],
}

/** "page" on the tab's own page, "true" on a page under it, nothing elsewhere. */
function current(tab: Tab, pathname: string): 'page' | 'true' | undefined {
  if (pathname === tab.to) return 'page'
  const under = tab.section.some((p) => pathname === p || pathname.startsWith(`${p}/`))
  return under ? 'true' : undefined
}

function TabLink({ tab, pathname }: { tab: Tab; pathname: string }) {
  return (
    <Link to={tab.to} className="tabbar__tab" aria-current={current(tab, pathname)}>
      <Icon name={tab.icon} />
      <span>{tab.label}</span>
    </Link>
  )
}

/**
 * The phone's bottom bar (CSS shows it only on narrow screens) for the places a player goes every
 * day; the menu keeps everything else. "Plano" is "Meu Plano" for a subscriber and the plans for
 * anyone without a paid plan, as the menu's plan button does.
 */
export function TabBar() {
  const { user } = useAuth()
  const { pathname } = useLocation()
  const openPlans = useOpenPlans()
  const subscriber = user?.payment_status === 'PAYMENT_OK'
  return (
    <nav className="tabbar" aria-label="Atalhos">
      <ul className="tabbar__list">
        <li>
          <TabLink tab={CHAT} pathname={pathname} />
        </li>
        <li>
          <TabLink tab={VIDEOS} pathname={pathname} />
        </li>
        <li>
          {subscriber || !openPlans ? (
            <TabLink tab={PLAN} pathname={pathname} />
          ) : (
            <button
              type="button"
              className="tabbar__tab"
              aria-haspopup="dialog"
              aria-current={pathname === '/pagamento' ? 'true' : current(PLAN, pathname)}
              onClick={openPlans}
            >
              <Icon name={PLAN.icon} />
              <span>{PLAN.label}</span>
            </button>
          )}
        </li>
        <li>
          <TabLink tab={ACCOUNT} pathname={pathname} />
        </li>
      </ul>
    </nav>
  )
}

/** The tab bar belongs to the player's pages: not the onboarding nor the staff consoles. */
export function hasTabBar(pathname: string): boolean {
  if (pathname === '/') return false
  return !['/admin', '/analista'].some((p) => pathname === p || pathname.startsWith(`${p}/`))
}
