import { z } from 'zod'

/** `GET /api/v1/public/legal`: company details printed in the legal pages; null when unset. */
export const LegalInfo = z.object({
  company_name: z.string().nullable(),
  forum_city: z.string().nullable(),
  forum_state: z.string().nullable(),
  contact_email: z.string().nullable(),
  privacy_email: z.string().nullable(),
})
export type LegalInfo = z.infer<typeof LegalInfo>
