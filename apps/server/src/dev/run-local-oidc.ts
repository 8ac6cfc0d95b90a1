/**
 * `OIDC_DEV=1 npm run dev` starts this: a local provider standing in for Google on port 3999, so
 * "Entrar com Google" can be tried offline. Any login typed at its page becomes a verified user.
 */
import { startLocalOidcProvider } from './local-oidc-provider'

const port = Number(process.env.OIDC_DEV_PORT ?? 3999)
const webOrigins = (
  process.env.OIDC_DEV_WEB_ORIGINS ?? 'http://localhost:5173,http://localhost:3000'
).split(',')
const provider = await startLocalOidcProvider({
  port,
  clientId: 'areia-dev',
  clientSecret: 'areia-dev-secret',
  redirectUris: webOrigins.map((o) => `${o.trim()}/login`),
})
console.log(`Provedor OpenID local em ${provider.issuer} (só para desenvolvimento)`)
