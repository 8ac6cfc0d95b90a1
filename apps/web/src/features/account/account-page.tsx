import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAuth } from '../../lib/auth/auth-context'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { DownloadDataCard } from './download-data-card'

type AccountPageProps = {
  /** The notification switch, composed in by the app (it belongs to the push feature). */
  notifications?: ReactNode
  /** The switches of the coaches' unprompted messages (the progress feature's). */
  coachMessages?: ReactNode
}

/**
 * `/conta`: everything about the player's account in one place, the everyday things first and
 * the account's deletion last and quiet, so it is found when wanted and not tapped by mistake.
 */
export function AccountPage({ notifications, coachMessages }: AccountPageProps) {
  const { user, logout } = useAuth()
  return (
    <section className="page page--narrow account" aria-labelledby="account-title">
      <h1 id="account-title" className="page__title">
        Conta
      </h1>

      <div className="card account__card" role="region" aria-labelledby="account-profile-title">
        <h2 id="account-profile-title" className="account__title">
          Seus dados de acesso
        </h2>
        <dl className="account__rows">
          <div className="account__row">
            <dt>Nome</dt>
            <dd>{user?.name ?? 'Não informado'}</dd>
          </div>
          <div className="account__row">
            <dt>E-mail</dt>
            <dd>
              <span className="account__email">{user?.email}</span>
              <small>{user?.email_verified ? 'Confirmado' : 'Ainda não confirmado'}</small>
            </dd>
          </div>
        </dl>
        <Link to="/password" className="account__link">
          <Icon name="lock" />
          <span>
            Alterar Senha
            <small>Troque também o e-mail da conta</small>
          </span>
        </Link>
      </div>

      {notifications ? (
        <div className="card account__card" role="region" aria-labelledby="account-notif-title">
          <h2 id="account-notif-title" className="account__title">
            Avisos no aparelho
          </h2>
          <p className="account__text">
            Receba um aviso quando a análise de um vídeo ficar pronta ou um treinador responder.
          </p>
          {notifications}
        </div>
      ) : null}

      {coachMessages}

      <DownloadDataCard />

      <nav className="card account__card" aria-labelledby="account-legal-title">
        <h2 id="account-legal-title" className="account__title">
          Documentos
        </h2>
        <ul className="account__legal">
          <li>
            <Link to="/terms" target="_blank" rel="noopener">
              Termos de Uso
            </Link>
          </li>
          <li>
            <Link to="/privacy" target="_blank" rel="noopener">
              Política de Privacidade
            </Link>
          </li>
        </ul>
      </nav>

      <div className="account__end">
        <Button variant="ghost" icon={<Icon name="logout" />} onClick={() => void logout()}>
          Sair
        </Button>
        <Link to="/delete-account" className="account__delete">
          Excluir Conta
        </Link>
      </div>
    </section>
  )
}
