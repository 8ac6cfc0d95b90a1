import { useRef } from 'react'
import { NavLink } from 'react-router'
import { canOpenConsole } from '../../features/admin/admin-rules'
import { canUseConsole as canReviewAnalyses } from '../../features/analyst/analyst-rules'
import { NotificationToggle } from '../../features/push/notification-toggle'
import { useAuth } from '../../lib/auth/auth-context'
import { Icon } from '../../ui/icons'
import { useFocusTrap, useScrollLock } from '../../ui/use-focus-trap'
import { PlanButton } from './plan-button'
import { usePlanName } from './use-plan-name'

type SidebarProps = { open: boolean; onClose: () => void }

const NAV = [
  { to: '/chat', label: 'Chat', icon: 'chat' },
  { to: '/videos', label: 'Meus Vídeos', icon: 'video' },
  { to: '/evolucao', label: 'Minha evolução', icon: 'ball' },
  { to: '/agentes', label: 'Agentes Parceiros', icon: 'star' },
  { to: '/memoria', label: 'Memória da Equipe', icon: 'compass' },
  { to: '/password', label: 'Alterar Senha', icon: 'lock' },
  // Deleting the account and downloading the data live on the account page, not beside Chat.
  { to: '/conta', label: 'Conta', icon: 'user' },
] as const

export function Sidebar({ open, onClose }: SidebarProps) {
  const { user, logout } = useAuth()
  const planName = usePlanName(user?.payment_status)
  const panel = useRef<HTMLElement>(null)
  useFocusTrap(panel, open, onClose)
  useScrollLock(open)

  return (
    <div className={open ? 'sidebar sidebar--open' : 'sidebar'} data-testid="sidebar-root">
      <div className="sidebar__backdrop" data-testid="sidebar-backdrop" onClick={onClose} />
      <aside
        id="sidebar"
        ref={panel}
        className="sidebar__panel"
        aria-label="Menu"
        aria-hidden={!open}
        inert={!open}
      >
        <div className="sidebar__top">
          <span className="sidebar__title">Menu</span>
          <button type="button" className="icon-btn" aria-label="Fechar menu" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <nav aria-label="Navegação principal">
          <ul className="sidebar__nav">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="sidebar__link" onClick={onClose}>
                  <Icon name={item.icon} />
                  {item.label}
                </NavLink>
              </li>
            ))}
            {/* A subscriber manages the plan here (the plan button below stays for everyone). */}
            {user?.payment_status === 'PAYMENT_OK' ? (
              <li>
                <NavLink to="/meu-plano" className="sidebar__link" onClick={onClose}>
                  <Icon name="star" />
                  Meu Plano
                </NavLink>
              </li>
            ) : null}
            {/* Staff only; the console checks the role again, and the server on every call. */}
            {canOpenConsole(user?.role) ? (
              <li>
                <NavLink to="/admin" className="sidebar__link" onClick={onClose}>
                  <Icon name="compass" />
                  Console
                </NavLink>
              </li>
            ) : null}
            {canReviewAnalyses(user?.role) ? (
              <li>
                <NavLink to="/analista" className="sidebar__link" onClick={onClose}>
                  <Icon name="ball" />
                  Análises
                </NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="sidebar__section">
          <PlanButton
            paymentStatus={user?.payment_status ?? null}
            planName={planName}
            onOpenPlans={onClose}
          />
          <NotificationToggle />
        </div>
        <div className="sidebar__logout">
          <button
            type="button"
            className="sidebar__link sidebar__link--logout"
            onClick={() => {
              onClose()
              void logout()
            }}
          >
            <Icon name="logout" />
            Sair
          </button>
        </div>
        <footer className="sidebar__footer">
          {user ? <p className="sidebar__email">{user.email}</p> : null}
          <p>Areia · beach tennis com IA</p>
        </footer>
      </aside>
    </div>
  )
}
