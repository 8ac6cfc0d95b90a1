import { lazy, Suspense, type ComponentType } from 'react'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { Spinner } from '../ui/spinner'
import { OnboardingGuard, RequireAuth } from './guards'
import { NotFoundPage } from './not-found-page'

type Load<K extends string> = () => Promise<Record<K, ComponentType>>

// Each screen is its own chunk, and so is the signed-in shell: the login page downloads neither.
// A route carries its loader in `handle` so the chunks of the address being opened are fetched
// at start-up, while the session is still being checked, instead of one after the other.
function lazyRoute<K extends string>(
  load: Load<K>,
  name: K,
): Pick<RouteObject, 'element' | 'handle'> {
  const Component: ComponentType = lazy(async () => {
    const loaded: ComponentType = (await load())[name]
    return { default: loaded }
  })
  return {
    element: (
      <Suspense fallback={<Spinner label="Carregando..." fullPage />}>
        <Component />
      </Suspense>
    ),
    handle: { preload: load },
  }
}

const shell = () => lazyRoute(() => import('./shell/app-shell'), 'AppShell')

const AdminPage = () => lazyRoute(() => import('../features/admin/admin-page'), 'AdminPage')

export const routes: RouteObject[] = [
  { path: '/login', ...lazyRoute(() => import('../features/auth/login-page'), 'LoginPage') },
  {
    path: '/register',
    ...lazyRoute(() => import('../features/auth/register-page'), 'RegisterPage'),
  },
  {
    path: '/esqueci-senha',
    ...lazyRoute(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: '/redefinir-senha',
    ...lazyRoute(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: '/confirmar-email',
    ...lazyRoute(() => import('../features/auth/confirm-email-page'), 'ConfirmEmailPage'),
  },
  { path: '/terms', ...lazyRoute(() => import('../features/legal/terms-page'), 'TermsPage') },
  {
    path: '/privacy',
    ...lazyRoute(() => import('../features/legal/privacy-page'), 'PrivacyPage'),
  },
  // Reports read without an account: a link a player shared, and the example.
  {
    path: '/r/:token',
    ...lazyRoute(() => import('../features/reports/shared-report-page'), 'SharedReportPage'),
  },
  {
    path: '/relatorio/exemplo',
    ...lazyRoute(() => import('../features/reports/example-report-page'), 'ExampleReportPage'),
  },
  {
    element: <RequireAuth />,
    children: [
      // Staff open the console without the player's onboarding; the page checks the role, and
      // the server checks it again on every call.
      {
        path: '/admin',
        ...shell(),
        children: [
          { index: true, ...AdminPage() },
          { path: '*', ...AdminPage() },
        ],
      },
      {
        path: '/analista',
        ...shell(),
        children: [
          {
            index: true,
            ...lazyRoute(
              () => import('../features/analyst/analyst-queue-page'),
              'AnalystQueuePage',
            ),
          },
          {
            path: ':id',
            ...lazyRoute(
              () => import('../features/analyst/analyst-video-page'),
              'AnalystVideoPage',
            ),
          },
        ],
      },
      {
        element: <OnboardingGuard />,
        children: [
          {
            path: '/',
            ...shell(),
            children: [
              {
                index: true,
                ...lazyRoute(() => import('../features/chat/chat-page'), 'OnboardingChatPage'),
              },
              { path: 'chat', ...lazyRoute(() => import('./chat-route'), 'ChatRoute') },
              {
                path: 'videos',
                ...lazyRoute(() => import('../features/videos/videos-page'), 'VideosPage'),
              },
              {
                path: 'videos/:id',
                ...lazyRoute(() => import('./report-route'), 'ReportRoute'),
              },
              {
                path: 'evolucao',
                ...lazyRoute(() => import('../features/progress/progress-page'), 'ProgressPage'),
              },
              {
                path: 'password',
                ...lazyRoute(
                  () => import('../features/account/change-password-page'),
                  'ChangePasswordPage',
                ),
              },
              {
                path: 'conta',
                ...lazyRoute(() => import('./account-route'), 'AccountRoute'),
              },
              {
                path: 'delete-account',
                ...lazyRoute(
                  () => import('../features/account/delete-account-page'),
                  'DeleteAccountPage',
                ),
              },
              {
                path: 'pagamento',
                ...lazyRoute(() => import('../features/billing/checkout-page'), 'CheckoutPage'),
              },
              {
                path: 'meu-plano',
                ...lazyRoute(() => import('../features/billing/my-plan-page'), 'MyPlanPage'),
              },
              {
                path: 'agentes',
                ...lazyRoute(() => import('../features/agents/agents-page'), 'AgentsPage'),
              },
              {
                path: 'memoria',
                ...lazyRoute(() => import('../features/memory/memory-page'), 'MemoryPage'),
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]

type RouteModule = { prefetch?: () => void }

/**
 * Starts downloading the chunks of every route that `pathname` opens (shell and page) and, for a
 * returning player, the data a page module names in its `prefetch` export. Each route's preload
 * links go in from a task of their own: inserting them costs a slow phone tens of milliseconds.
 */
export function preloadRoute(pathname: string, signedIn: boolean) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const preload = (route.handle as { preload?: () => Promise<RouteModule> } | undefined)?.preload
    if (!preload) continue
    setTimeout(() => {
      preload()
        .then((module) => {
          if (signedIn) module.prefetch?.()
        })
        // A failed download surfaces where the route renders (lazy retries and shows the error).
        .catch(() => undefined)
    }, 0)
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes)
}
