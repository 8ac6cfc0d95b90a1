import { lazy, Suspense, type ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import { Spinner } from '../ui/spinner'
import { OnboardingGuard, RequireAuth } from './guards'
import { NotFoundPage } from './not-found-page'
import { AppShell } from './shell/app-shell'

// Each screen is its own chunk, so the login page does not download the account screens.
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component: ComponentType = lazy(async () => {
    const loaded: ComponentType = (await load())[name]
    return { default: loaded }
  })
  return (
    <Suspense fallback={<Spinner label="Carregando..." fullPage />}>
      <Component />
    </Suspense>
  )
}

const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage')
const RegisterPage = page(() => import('../features/auth/register-page'), 'RegisterPage')
const TermsPage = page(() => import('../features/legal/terms-page'), 'TermsPage')
const PrivacyPage = page(() => import('../features/legal/privacy-page'), 'PrivacyPage')
const OnboardingChatPage = page(() => import('../features/chat/chat-page'), 'OnboardingChatPage')
const ChatPage = page(() => import('./chat-route'), 'ChatRoute')
const VideosPage = page(() => import('../features/videos/videos-page'), 'VideosPage')
const VideoReportPage = page(() => import('../features/reports/report-page'), 'VideoReportPage')
const ChangePasswordPage = page(
  () => import('../features/account/change-password-page'),
  'ChangePasswordPage',
)
const DeleteAccountPage = page(
  () => import('../features/account/delete-account-page'),
  'DeleteAccountPage',
)

const CheckoutPage = page(() => import('../features/billing/checkout-page'), 'CheckoutPage')
const MyPlanPage = page(() => import('../features/billing/my-plan-page'), 'MyPlanPage')
const AgentsPage = page(() => import('../features/agents/agents-page'), 'AgentsPage')
const MemoryPage = page(() => import('../features/memory/memory-page'), 'MemoryPage')
const AdminPage = page(() => import('../features/admin/admin-page'), 'AdminPage')
const AnalystQueuePage = page(
  () => import('../features/analyst/analyst-queue-page'),
  'AnalystQueuePage',
)
const AnalystVideoPage = page(
  () => import('../features/analyst/analyst-video-page'),
  'AnalystVideoPage',
)

export const routes = [
  { path: '/login', element: LoginPage },
  { path: '/register', element: RegisterPage },
  { path: '/terms', element: TermsPage },
  { path: '/privacy', element: PrivacyPage },
  {
    element: <RequireAuth />,
    children: [
      // Staff open the console without the player's onboarding; the page checks the role, and
      // the server checks it again on every call.
      {
        path: '/admin',
        element: <AppShell />,
        children: [
          { index: true, element: AdminPage },
          { path: '*', element: AdminPage },
        ],
      },
      {
        path: '/analista',
        element: <AppShell />,
        children: [
          { index: true, element: AnalystQueuePage },
          { path: ':id', element: AnalystVideoPage },
        ],
      },
      {
        element: <OnboardingGuard />,
        children: [
          {
            path: '/',
            element: <AppShell />,
            children: [
              { index: true, element: OnboardingChatPage },
              { path: 'chat', element: ChatPage },
              { path: 'videos', element: VideosPage },
              { path: 'videos/:id', element: VideoReportPage },
              { path: 'password', element: ChangePasswordPage },
              { path: 'delete-account', element: DeleteAccountPage },
              { path: 'pagamento', element: CheckoutPage },
              { path: 'meu-plano', element: MyPlanPage },
              { path: 'agentes', element: AgentsPage },
              { path: 'memoria', element: MemoryPage },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
