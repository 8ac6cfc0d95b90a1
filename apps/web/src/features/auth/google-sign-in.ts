import { ApiError } from '../../lib/api-error'
import { requestGoogleStart } from '../../lib/auth/auth-api'

// Google sign-in is a redirect-mode authorization-code flow back to /login?code=….
export const GOOGLE_NOT_READY_MESSAGE =
  'O login com Google ainda não está disponível. Aguarde um instante e tente novamente, ou entre com e-mail e senha.'

export function googleRedirectUri(): string {
  return `${window.location.origin}/login`
}

/**
 * Sends the browser to the provider. When the server has no Google configured it says so in
 * pt-BR; any other failure gets the fixed "not ready" alert.
 */
export async function startGoogleSignIn(showAlert: (message: string) => unknown): Promise<void> {
  try {
    const { authorization_url } = await requestGoogleStart(googleRedirectUri())
    window.location.assign(authorization_url)
  } catch (err) {
    void showAlert(err instanceof ApiError && err.detail ? err.detail : GOOGLE_NOT_READY_MESSAGE)
  }
}
