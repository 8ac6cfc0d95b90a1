import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import '@areia/contracts/locale'
import '@fontsource-variable/inter'
import './styles/base.css'
import './styles/components.css'
import './styles/overlays.css'
import './styles/auth.css'
import './styles/shell.css'
import './styles/pages.css'
import './styles/chat.css'
import './styles/billing.css'
import './styles/checkout.css'
import './styles/videos.css'
import './styles/reports.css'
import './styles/match.css'
import './styles/agents.css'
import './styles/progress.css'
import { App } from './app/app'
import { preloadRoute } from './app/router'
import { EARLY_SESSION, resumeSession } from './lib/auth/auth-api'
import { startEarly } from './lib/early-requests'
import { hasStoredSession } from './lib/session-storage'
import { registerServiceWorker } from './features/push/service-worker'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
const signedIn = hasStoredSession()
// A returning player's session is checked while React renders and the page's chunks download.
if (signedIn) startEarly(EARLY_SESSION, resumeSession)
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// The first render is a transition: React renders it in slices and lets the browser breathe in
// between, instead of one long task that blocks input on a slow phone.
startTransition(() => {
  // /login and /register arrive prerendered as a visitor sees them (src/prerender.tsx): hydrate
  // that HTML. A stored session renders differently (the verifying spinner), so it starts afresh.
  if (root.firstElementChild && !signedIn) {
    hydrateRoot(root, app)
  } else {
    root.replaceChildren()
    createRoot(root).render(app)
  }
})
// The address's chunks start downloading right after this task, outside the first render's.
setTimeout(() => preloadRoute(window.location.pathname, signedIn), 0)
registerServiceWorker()
