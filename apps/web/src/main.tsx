import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
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
import './styles/agents.css'
import { App } from './app/app'
import { registerServiceWorker } from './features/push/service-worker'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
registerServiceWorker()
