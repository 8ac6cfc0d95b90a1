import { z } from 'zod'

export const GoogleConfigResponse = z.object({ enabled: z.boolean() })

export const GoogleStartQuery = z.object({
  redirect_uri: z.url({ error: 'Endereço de retorno inválido.' }).max(500),
})

export const GoogleStartResponse = z.object({ authorization_url: z.string() })

/** `{code, redirect_uri}`, plus `state` and `iss` forwarded from the callback query. */
export const GoogleLoginBody = z.object({
  code: z
    .string({ error: 'Código do Google ausente.' })
    .min(1, { error: 'Código do Google ausente.' })
    .max(2048),
  redirect_uri: z.url({ error: 'Endereço de retorno inválido.' }).max(500),
  state: z
    .string({ error: 'Sessão de login com Google inválida ou expirada. Tente novamente.' })
    .min(1)
    .max(200),
  iss: z.string().max(500).optional(),
})
export type GoogleLoginBody = z.infer<typeof GoogleLoginBody>
