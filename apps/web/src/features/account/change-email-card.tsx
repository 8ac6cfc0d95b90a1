import { useState, type FormEvent } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { useMessageForm } from '../../lib/use-message-form'
import { Button } from '../../ui/button'
import { FormError, PasswordField, TextField } from '../../ui/text-field'
import { changeEmail } from './account-api'

const CHANGE_ERROR_FALLBACK = 'Não foi possível alterar o e-mail. Tente novamente.'

/** A new address for the account: it takes effect once confirmed from its own mailbox. */
export function ChangeEmailCard() {
  const { user } = useAuth()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { sent, error, submitting, submit } = useMessageForm(CHANGE_ERROR_FALLBACK)
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(
      event,
      () => changeEmail(email.trim(), password),
      () => {
        setEmail('')
        setPassword('')
      },
    )

  return (
    <div className="card">
      <h2 id="email-title" className="page__subtitle">
        E-mail da conta
      </h2>
      <p className="page__lead">
        Seu e-mail atual é <strong>{user?.email}</strong>
        {user?.email_verified ? ' (confirmado)' : ' (ainda não confirmado)'}. Para trocar, informe o
        novo e a sua senha: enviaremos um link de confirmação para o novo endereço.
      </p>
      {sent ? (
        <p className="auth-card__notice" role="status">
          {sent}
        </p>
      ) : null}
      <form
        className="form"
        aria-labelledby="email-title"
        onSubmit={(event) => void onSubmit(event)}
      >
        <TextField
          label="Novo e-mail"
          type="email"
          name="new-email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Sua senha"
          name="email-current-password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          // Accounts that only sign in with Google have no password to give.
          required={false}
          hint="Deixe em branco se você só entra com o Google."
        />
        <FormError message={error} />
        <Button type="submit" variant="secondary" block busy={submitting}>
          Alterar e-mail
        </Button>
      </form>
    </div>
  )
}
