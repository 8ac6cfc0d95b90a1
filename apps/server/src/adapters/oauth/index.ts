import * as oidc from 'openid-client'

export interface OidcIdentity {
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
}

/** An OpenID Connect provider (Google, or a local one standing in for it). */
export interface OidcClient {
  authorizationUrl(req: {
    redirectUri: string
    state: string
    nonce: string
    codeVerifier: string
  }): Promise<string>
  /** Exchanges the code; the id_token's signature, iss, aud, exp and nonce are all checked. */
  exchange(req: {
    callbackUrl: URL
    codeVerifier: string
    state: string
    nonce: string
  }): Promise<OidcIdentity>
}

const isLocal = (url: URL) =>
  url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)

export function createOidcClient(opts: {
  issuer: string
  clientId: string
  clientSecret: string
  /** Replaces the HTTP client of every call to the provider (tests tamper with answers through it). */
  fetch?: oidc.CustomFetch
}): OidcClient {
  let config: Promise<oidc.Configuration> | undefined
  const configuration = () => {
    const issuer = new URL(opts.issuer)
    // Plain HTTP only for a provider on this machine (tests and `npm run dev`).
    config ??= oidc
      .discovery(issuer, opts.clientId, opts.clientSecret, undefined, {
        ...(isLocal(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(opts.fetch ? { [oidc.customFetch]: opts.fetch } : {}),
      })
      .then((cfg) => {
        // By default the id_token's signature is trusted to TLS; we check it against the JWKS too.
        oidc.enableNonRepudiationChecks(cfg)
        return cfg
      })
      .catch((err: unknown) => {
        config = undefined // try discovery again on the next sign-in
        throw err
      })
    return config
  }
  return {
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      })
      return url.href
    },
    async exchange({ callbackUrl, codeVerifier, state, nonce }) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims) throw new Error('no id_token claims')
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
      }
    },
  }
}

export const randomState = () => oidc.randomState()
export const randomNonce = () => oidc.randomNonce()
export const randomCodeVerifier = () => oidc.randomPKCECodeVerifier()
