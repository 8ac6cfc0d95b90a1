import { useState, type FormEvent } from 'react'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { useAlert } from '../../ui/alert-dialog'
import { Button } from '../../ui/button'
import { TextField, FormError } from '../../ui/text-field'
import { deleteAccount } from './account-api'
import { DownloadDataCard } from './download-data-card'
import { DELETE_PHRASE, isDeletePhrase } from './password-rules'

export const ACCOUNT_DELETED_MESSAGE = 'Sua conta foi excluída com sucesso.'
const DELETE_ERROR_FALLBACK = 'Não foi possível excluir sua conta. Tente novamente.'

export function DeleteAccountPage() {
  const { logout } = useAuth()
  const { showAlert } = useAlert()
  const [typed, setTyped] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const canDelete = isDeletePhrase(typed) && !pending

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!canDelete) return
    setPending(true)
    setError(null)
    try {
      await deleteAccount()
    } catch (err) {
      setError(errorMessage(err, DELETE_ERROR_FALLBACK))
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
        <form className="form" onSubmit={(event) => void onSubmit(event)}>
          <TextField
            label={`Para confirmar, digite “${DELETE_PHRASE}”`}
            name="confirm-phrase"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" variant="danger" block busy={pending} disabled={!canDelete}>
            Excluir minha conta
          </Button>
        </form>
      </div>
      <DownloadDataCard />
    </section>
  )
}
