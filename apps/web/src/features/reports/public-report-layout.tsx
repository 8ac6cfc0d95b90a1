import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { BrandMark } from '../../ui/brand-mark'

/**
 * A report opened without an account (a shared link, the example): the brand, the report, and
 * a call to try Areia.
 */
export function PublicReportLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-report">
      <header className="public-report__bar">
        <span className="public-report__brand">
          <BrandMark size={28} /> Areia
        </span>
        <Link className="btn btn--primary public-report__try" to="/register">
          <span>Experimentar o Areia</span>
        </Link>
      </header>
      <main id="conteudo" className="public-report__main">
        <section className="page report" aria-labelledby="report-title">
          {children}
        </section>
        <aside className="card public-report__cta" aria-labelledby="public-report-cta">
          <h2 id="public-report-cta" className="report__title">
            Quer uma análise assim do seu jogo?
          </h2>
          <p>
            No Areia você envia o vídeo da sua partida de beach tennis e recebe o placar ponto a
            ponto, seus winners e erros por golpe, o mapa de calor e treinadores que conversam com
            você sobre cada número.
          </p>
          <Link className="btn btn--primary" to="/register">
            <span>Criar minha conta</span>
          </Link>
        </aside>
      </main>
    </div>
  )
}
