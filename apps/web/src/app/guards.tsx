import { Navigate, Outlet, useLocation } from 'react-router'
import { useAuth } from '../lib/auth/auth-context'
import { Spinner } from '../ui/spinner'
import { onboardingRedirect } from './onboarding-redirect'

export const VERIFYING_AUTH_LABEL = 'Verificando autenticação...'

/** Spinner while the session is checked, then the children or a replace to /login. */
export function RequireAuth() {
  const { loading, isAuthenticated } = useAuth()
  if (loading) return <Spinner label={VERIFYING_AUTH_LABEL} fullPage />
  if (!isAuthenticated) return <Navigate to="/login" replace />
  return <Outlet />
}

export function OnboardingGuard() {
  const { user } = useAuth()
  const { pathname } = useLocation()
  const target = onboardingRedirect(user, pathname)
  if (target) return <Navigate to={target} replace />
  return <Outlet />
}
