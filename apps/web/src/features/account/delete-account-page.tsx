import { useState, type FormEvent } from 'react'
import { errorCode, errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { startGoogleSignIn } from '../../lib/auth/google-sign-in'
import { useAlert } from '../../ui/alert-dialog'
import { Button } from '../../ui/button'
import { FormError, PasswordField, TextField } from '../../ui/text-field'
import { deleteAccount } from './account-api'
import { DownloadDataCard } from './download-data-card'
import { DELETE_PHRASE, isDeletePhrase } from './password-rules'

export const ACCOUNT_DELETED_MESSAGE = 'Sua conta foi excluída com sucesso.'
const DELETE_ERROR_FALLBACK = 'Não foi possível excluir sua conta. Tente novamente.'
export const PASSWORD_NEEDED = 'Digite a sua senha para confirmar a exclusão.'

export function DeleteAccountPage() {
  const { user, logout } = useAuth()
  const { showAlert } = useAlert()
  // Accounts that sign in only with Google prove themselves with a fresh Google sign-in.
  const hasPassword = user?.has_password ?? true
  const [typed, setTyped] = useState('')
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [needsGoogle, setNeedsGoogle] = useState(false)
  const canDelete = isDeletePhrase(typed) && !pending

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!canDelete) return
    setError(null)
    if (hasPassword && !password) {
      setPasswordError(PASSWORD_NEEDED)
      return
    }
    setPasswordError(null)
    setPending(true)
    try {
      await deleteAccount(typed, hasPassword ? password : undefined)
    } catch (err) {
      const code = errorCode(err)
      if (code === 'wrong_password' || code === 'password_required') {
        setPasswordError(errorMessage(err, DELETE_ERROR_FALLBACK))
      } else {
        setNeedsGoogle(code === 'reauthentication_required')
        setError(errorMessage(err, DELETE_ERROR_FALLBACK))
      }
      setPending(false)
      return
    }
    await showAlert(ACCOUNT_DELETED_MESSAGE, 'Conta excluída')
    // The server already ended every session of the deleted account.
    await logout({ remote: false })
  }

  return (
    <section className="page page--narrow" aria-labelledby="delete-title">
      <div className="card card--danger">
        <h1 id="delete-title" className="page__title">
          Excluir Conta
        </h1>
        <p className="page__lead">
          Esta ação é permanente: seu perfil, suas conversas com os treinadores e seus vídeos serão
          apagados e não poderão ser recuperados. Se quiser guardar uma cópia, baixe seus dados
          antes.
        </p>
        <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            label={`Para confirmar, digite “${DELETE_PHRASE}”`}
            name="confirm-phrase"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {hasPassword ? (
            <PasswordField
              label="Sua senha"
              name="delete-current-password"
              autoComplete="current-password"
              value={password}
              onValue={(value) => {
                setPassword(value)
                setPasswordError(null)
              }}
              error={passwordError}
            />
          ) : (
            <p className="field__hint">
              Sua conta entra com o Google. Se você entrou há mais de alguns minutos, vamos pedir
              que entre de novo com o Google antes de excluir.
            </p>
          )}
          <FormError message={error} />
          {needsGoogle ? (
            <Button
              type="button"
              variant="secondary"
              block
              onClick={() => void startGoogleSignIn(showAlert, '/delete-account')}
            >
              Entrar de novo com o Google
            </Button>
          ) : null}
          <Button type="submit" variant="danger" block busy={pending} disabled={!canDelete}>
            Excluir minha conta
          </Button>
        </form>
      </div>
      <DownloadDataCard />
    </section>
  )
}
