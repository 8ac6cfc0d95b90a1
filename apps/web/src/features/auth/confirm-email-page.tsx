import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { Spinner } from '../../ui/spinner'
import { AuthLayout } from './auth-layout'
import { confirmEmail } from './recovery-api'

const CONFIRM_ERROR_FALLBACK = 'Não foi possível confirmar o e-mail. Peça um novo link.'

/** The page the confirmation e-mail links to; works signed in or not. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { isAuthenticated, reloadUser } = useAuth()
  const queryClient = useQueryClient()
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(
    token
      ? null
      : { ok: false, message: 'Este link está incompleto. Abra o link do e-mail de novo.' },
  )
  const started = useRef(false)

  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    confirmEmail(token)
      .then(async ({ message }) => {
        setResult({ ok: true, message })
        if (isAuthenticated) {
          await reloadUser().catch(() => undefined)
          await queryClient.invalidateQueries()
        }
      })
      .catch((err: unknown) =>
        setResult({ ok: false, message: errorMessage(err, CONFIRM_ERROR_FALLBACK) }),
      )
  }, [token, isAuthenticated, reloadUser, queryClient])

  return (
    <AuthLayout
      title="Confirmação de e-mail"
      subtitle="Confirmamos que o endereço é seu para enviar os avisos da sua conta."
      footer={
        <p>
          <Link to={isAuthenticated ? '/' : '/login'}>
            {isAuthenticated ? 'Voltar para o Areia' : 'Ir para o login'}
          </Link>
        </p>
      }
    >
      {result ? (
        <p className={result.ok ? 'auth-card__notice' : 'form-error'} role="status">
          {result.message}
        </p>
      ) : (
        <Spinner label="Confirmando e-mail..." />
      )}
    </AuthLayout>
  )
}
