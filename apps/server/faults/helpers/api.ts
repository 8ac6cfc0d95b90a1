// The few API calls the fault tests make, over real HTTP to a server process.
import type { TokenPair } from '@areia/contracts'

export const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

export const auth = (tokens: TokenPair, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: {
    ...(init.headers as Record<string, string>),
    authorization: `Bearer ${tokens.access_token}`,
  },
})

export async function registerAndLogIn(base: string, email: string): Promise<TokenPair> {
  const reg = await fetch(`${base}/api/v1/auth/register/`, json({ email, password: 'segredo123' }))
  if (reg.status !== 201) throw new Error(`register ${reg.status}: ${await reg.text()}`)
  const res = await fetch(`${base}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: 'segredo123' }),
  })
  if (res.status !== 200) throw new Error(`login ${res.status}: ${await res.text()}`)
  return (await res.json()) as TokenPair
}

export async function subscription(base: string, tokens: TokenPair) {
  const res = await fetch(`${base}/api/v1/subscriptions/me`, auth(tokens))
  if (res.status !== 200) throw new Error(`subscription ${res.status}`)
  return (await res.json()) as { status: string; plan: { id: number } } | null
}

export async function orderPix(base: string, tokens: TokenPair): Promise<{ id: number }> {
  const plans = (await (await fetch(`${base}/api/v1/subscriptions/plans`)).json()) as Array<{
    id: number
    slug: string
  }>
  const pro = plans.find((p) => p.slug === 'standard')
  if (!pro) throw new Error('plan "standard" not seeded')
  const res = await fetch(
    `${base}/api/v1/payments/orders`,
    auth(tokens, json({ plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' })),
  )
  if (res.status !== 200) throw new Error(`order ${res.status}: ${await res.text()}`)
  return (await res.json()) as { id: number }
}
