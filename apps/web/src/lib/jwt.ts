/** A token counts as expired 10 s before its `exp`, so it never dies in flight. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 10

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The `exp` claim in seconds, or null when the token is malformed or has none. */
export function readTokenExp(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload))
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null
    const { exp } = claims
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null
  } catch {
    return null
  }
}

export function isTokenExpired(
  token: string | null | undefined,
  nowMs: number = Date.now(),
): boolean {
  if (!token) return true
  const exp = readTokenExp(token)
  if (exp === null) return true
  return exp <= nowMs / 1000 + TOKEN_EXPIRY_MARGIN_SECONDS
}
