import { ApiError } from '../api-error'
import { requestGoogleStart } from './auth-api'

// Google sign-in is a redirect-mode authorization-code flow back to /login?code=….
export const GOOGLE_NOT_READY_MESSAGE =
  'O login com Google ainda não está disponível. Aguarde um instante e tente novamente, ou entre com e-mail e senha.'

export function googleRedirectUri(): string {
  return `${window.location.origin}/login`
}

const RETURN_KEY = 'areia.google-return'

/**
 * The page that sent a signed-in player to Google for a fresh sign-in (to delete the account),
 * where /login sends them back; null for an ordinary sign-in.
 */
export function googleReturnPath(): string | null {
  if (typeof sessionStorage === 'undefined') return null
  const path = sessionStorage.getItem(RETURN_KEY)
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null
}

export function forgetGoogleReturnPath(): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(RETURN_KEY)
}

/**
 * Sends the browser to the provider; `returnTo` is where /login leads once it is back. When the
 * server has no Google configured it says so in pt-BR; any other failure gets the fixed "not
 * ready" alert.
 */
export async function startGoogleSignIn(
  showAlert: (message: string) => unknown,
  returnTo?: string,
): Promise<void> {
  try {
    const { authorization_url } = await requestGoogleStart(googleRedirectUri())
    if (returnTo) sessionStorage.setItem(RETURN_KEY, returnTo)
    else forgetGoogleReturnPath()
    window.location.assign(authorization_url)
  } catch (err) {
    void showAlert(err instanceof ApiError && err.detail ? err.detail : GOOGLE_NOT_READY_MESSAGE)
  }
}
