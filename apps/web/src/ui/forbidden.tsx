import { Icon } from './icons'

export const FORBIDDEN_TITLE = 'Acesso restrito'

/** The page a staff-only area shows to an account without the role; `text` says whose area it is. */
export function Forbidden({ id, text }: { id: string; text: string }) {
  return (
    <section className="page page--narrow" aria-labelledby={id}>
      <div className="card coming-soon">
        <div className="coming-soon__icon">
          <Icon name="lock" size={40} />
        </div>
        <h1 id={id} className="page__title">
          {FORBIDDEN_TITLE}
        </h1>
        <p className="page__lead">{text}</p>
      </div>
    </section>
  )
}
