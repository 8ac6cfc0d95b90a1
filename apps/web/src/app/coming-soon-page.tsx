import { Link, useLocation } from 'react-router'
import { Icon, type IconName } from '../ui/icons'

type ComingSoonProps = { title: string; description: string; icon: IconName }

/** A real page for features whose issue is still open: says what is coming, offers a way on. */
export function ComingSoonPage({ title, description, icon }: ComingSoonProps) {
  const { pathname } = useLocation()
  return (
    <section className="page page--narrow" aria-labelledby="coming-soon-title">
      <div className="card coming-soon">
        <div className="coming-soon__icon">
          <Icon name={icon} size={40} />
        </div>
        <p className="eyebrow">Em breve</p>
        <h1 id="coming-soon-title" className="page__title">
          {title}
        </h1>
        <p className="page__lead">{description}</p>
        {pathname === '/chat' ? null : (
          <Link className="btn btn--secondary" to="/chat">
            <span>Ir para o chat</span>
          </Link>
        )}
      </div>
    </section>
  )
}
