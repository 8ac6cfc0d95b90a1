import { useEffect, useRef } from 'react'
import { Link, Navigate, NavLink, useParams } from 'react-router'
import { useAuth } from '../../lib/auth/auth-context'
import { Forbidden } from '../../ui/forbidden'
import { AuditSection } from './audit-section'
import { CouponsSection } from './coupons-section'
import { OutboxSection } from './outbox-section'
import { OverviewSection } from './overview-section'
import { PartnersSection } from './partners-section'
import { PlansSection } from './plans-section'
import { PlayersSection } from './players-section'
import { sectionsFor, type SectionId } from './admin-rules'
import { WaitlistSection } from './waitlist-section'
// Imported here rather than with the app's styles: it travels in the console's lazy chunk, so
// players never download it.
import '../../styles/admin.css'

const CONTENT: Record<SectionId, () => React.JSX.Element> = {
  'visao-geral': OverviewSection,
  jogadores: PlayersSection,
  planos: PlansSection,
  cupons: CouponsSection,
  'lista-de-espera': WaitlistSection,
  emails: OutboxSection,
  agentes: PartnersSection,
  auditoria: AuditSection,
}

const FORBIDDEN_TEXT =
  'Esta área é da equipe de operação do Areia. Se você faz parte dela, peça a um administrador para liberar o seu acesso.'

/** `/admin/<seção>`: the operations console. ADMIN sees every section, ANALYST the overview. */
export function AdminPage() {
  const { user } = useAuth()
  const slug = useParams()['*'] ?? ''
  const sections = sectionsFor(user?.role)
  const tabs = useRef<HTMLElement>(null)
  // On a phone the tab bar scrolls sideways: keep the open section's tab in sight.
  useEffect(() => {
    tabs.current
      ?.querySelector('.active')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [slug])
  if (sections.length === 0) return <Forbidden id="admin-forbidden" text={FORBIDDEN_TEXT} />
  const current = sections.find((s) => s.id === slug)
  if (!current) return <Navigate to={`/admin/${sections[0]!.id}`} replace />
  const Content = CONTENT[current.id]
  return (
    <section className="page admin" aria-labelledby="admin-title">
      <header className="admin__head">
        <p className="eyebrow">Console de operações</p>
        <h1 id="admin-title" className="page__title">
          {current.label}
        </h1>
      </header>
      {sections.length > 1 ? (
        <nav ref={tabs} className="admin__tabs" aria-label="Seções do console">
          {sections.map((s) => (
            <NavLink key={s.id} to={`/admin/${s.id}`} className="admin__tab">
              {s.label}
            </NavLink>
          ))}
          <NavLink to="/analista" className="admin__tab">
            Análises
          </NavLink>
        </nav>
      ) : (
        <p>
          <Link to="/analista" className="btn btn--secondary">
            Abrir a fila de análises
          </Link>
        </p>
      )}
      <div className="admin__body">
        <Content />
      </div>
    </section>
  )
}
