import { LegalInfo } from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config'

/** The company details the Terms and the Privacy Policy print; nulls render as placeholders. */
export const legalRoutes: FastifyPluginAsyncZod<{ legal: Config['legal'] }> = async (
  app,
  { legal },
) => {
  const body: LegalInfo = {
    company_name: legal.companyName,
    forum_city: legal.forumCity,
    forum_state: legal.forumState,
    contact_email: legal.contactEmail,
    privacy_email: legal.privacyEmail,
  }
  app.get('/api/v1/public/legal', { schema: { response: { 200: LegalInfo } } }, async () => body)
}
