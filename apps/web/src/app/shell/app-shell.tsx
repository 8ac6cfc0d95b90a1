import { useCallback, useRef, useState } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { EmailBanner } from '../../features/account/email-banner'
import { PushBanner } from '../../features/push/push-banner'
import { PushProvider } from '../../features/push/push-context'
import { UpdateBanner } from '../../features/push/update-banner'
import { useAuth } from '../../lib/auth/auth-context'
import { BannerQueue } from '../../ui/banner-queue'
import { Header } from './header'
import { InstallBanner } from './install-banner'
import { PlansModalHost } from './plans-modal-host'
import { Sidebar } from './sidebar'
import { hasTabBar, TabBar } from './tab-bar'

/**
 * One banner at a time, the first of these with something to say: a new version, the push offer
 * (it comes once the team can answer, and holds its place from the first paint), the address to
 * confirm (the account works meanwhile), the install prompt.
 */
const BANNER_ORDER = ['update', 'push', 'email', 'install'] as const

export function AppShell() {
  const { pathname } = useLocation()
  const { user } = useAuth()
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeSidebar = useCallback(() => setSidebarOpen(false), [])
  const openSidebar = useCallback(() => setSidebarOpen(true), [])
  // Any navigation closes the menu, including one started from a dialog opened in it (plans).
  const [shownPath, setShownPath] = useState(pathname)
  if (shownPath !== pathname) {
    setShownPath(pathname)
    setSidebarOpen(false)
  }

  // The chat has its own background; every other page sits on sand.
  const background = pathname === '/chat' ? 'shell--chat' : 'shell--default'
  return (
    <PushProvider>
      <PlansModalHost>
        <div className={`shell ${background}`}>
          <a className="skip-link" href="#conteudo">
            Pular para o conteúdo
          </a>
          <Header
            showMenuButton={pathname !== '/'}
            menuOpen={sidebarOpen}
            onMenuClick={openSidebar}
            menuButtonRef={menuButton}
            email={user?.email ?? null}
            planLink={user?.payment_status === 'PAYMENT_OK' && pathname !== '/meu-plano'}
          />
          <div className="shell__banners">
            <BannerQueue order={BANNER_ORDER}>
              <UpdateBanner />
              <EmailBanner />
              <PushBanner />
              <InstallBanner />
            </BannerQueue>
          </div>
          <main id="conteudo" className="shell__main" tabIndex={-1}>
            <Outlet />
          </main>
          {hasTabBar(pathname) ? <TabBar /> : null}
          <Sidebar open={sidebarOpen} onClose={closeSidebar} />
          {/* A page opened from the tab bar or the menu starts at its top; Back returns to where
              the player was. */}
          <ScrollRestoration />
        </div>
      </PlansModalHost>
    </PushProvider>
  )
}
