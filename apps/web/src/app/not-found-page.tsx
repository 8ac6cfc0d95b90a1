import { Link } from 'react-router'
import { Icon } from '../ui/icons'

export function NotFoundPage() {
  return (
    <main className="auth-page auth-page--single">
      <section className="card auth-card coming-soon" aria-labelledby="not-found-title">
        <div className="coming-soon__icon">
          <Icon name="compass" size={40} />
        </div>
        <h1 id="not-found-title" className="page__title">
          Página não encontrada
        </h1>
        <p className="page__lead">O endereço que você abriu não existe ou foi movido.</p>
        <Link className="btn btn--primary" to="/">
          <span>Voltar ao início</span>
        </Link>
      </section>
    </main>
  )
}
