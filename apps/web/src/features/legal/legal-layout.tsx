import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatLongDate } from '../../lib/format'
import { BrandMark } from '../../ui/brand-mark'
import { Spinner } from '../../ui/spinner'
import { legalFields, useLegalInfo, type LegalFields } from './legal-api'

/** Both documents were last updated on 3 September 2025 (noon in São Paulo). */
const LAST_UPDATED = '2025-09-03T12:00:00-03:00'

type LegalLayoutProps = { title: string; children: (fields: LegalFields) => ReactNode }

export function LegalLayout({ title, children }: LegalLayoutProps) {
  const legal = useLegalInfo()
  return (
    <div className="legal">
      <header className="legal__bar">
        <Link to="/login" className="legal__back">
          <span aria-hidden="true">←</span> Voltar para o login
        </Link>
        <span className="legal__brand">
          <BrandMark size={28} /> Areia
        </span>
      </header>
      <main className="legal__main">
        <article className="card legal__doc" aria-labelledby="legal-title">
          <h1 id="legal-title" className="legal__title">
            {title}
          </h1>
          <p className="legal__updated">Última atualização: {formatLongDate(LAST_UPDATED)}</p>
          {legal.isPending ? (
            <Spinner label="Carregando documento..." />
          ) : (
            children(legalFields(legal.data))
          )}
        </article>
        <p className="legal__footer">
          <Link to="/login">Voltar para o login</Link>
        </p>
      </main>
    </div>
  )
}

export function Placeholder({ children }: { children: string }) {
  return children.startsWith('[') ? (
    <mark className="legal__placeholder">{children}</mark>
  ) : (
    <>{children}</>
  )
}
