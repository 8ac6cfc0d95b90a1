import { z } from 'zod'
import { VideoReport } from './analysis'

/**
 * Making a link: the link shows the player's own figures and points; the partner's only when
 * the player ticks it (they are someone else's numbers).
 */
export const ReportShareCreateBody = z
  .object({
    include_partner: z
      .boolean({ error: 'Diga se os números do parceiro entram no link (sim ou não).' })
      .default(false),
  })
  // An empty POST (no body at all) makes a link of the player alone.
  .nullish()
  .transform((body) => ({ include_partner: body?.include_partner ?? false }))
export type ReportShareCreateBody = z.infer<typeof ReportShareCreateBody>

/** The owner's answer when a share link is made: the public address and when it was made. */
export const ReportShareResponse = z.object({
  url: z.string(),
  created_at: z.string(),
  include_partner: z.boolean(),
})
export type ReportShareResponse = z.infer<typeof ReportShareResponse>

/**
 * Whether a report has a live link, since when, and whether it shows the partner. Only a hash of
 * the token is kept, so the address itself is shown once, when it is made; making a new one
 * replaces the old.
 */
export const ReportShareStatus = z.object({
  created_at: z.string().nullable(),
  include_partner: z.boolean(),
})
export type ReportShareStatus = z.infer<typeof ReportShareStatus>

/** The match as an image to post: a story (1080 × 1920) or a square (1080 × 1080). */
export const ReportCardQuery = z.object({
  format: z.enum(['story', 'square'], { error: 'Formato de imagem inválido.' }).default('story'),
})
export type ReportCardQuery = z.input<typeof ReportCardQuery>

/** `/r/:token`: random 32 bytes as base64url (43 characters). */
export const ShareTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Link inválido.' }),
})

/**
 * A report as anyone with its link reads it: the match and the player's first name, nothing else
 * about the player. The analyst's text is left out, since it is free text that may name people,
 * and so is the video's id. Of the four people on court, only the player's figures and points'
 * clips are there (and the partner's, when the player chose so); media links are signed for the
 * link itself, so they stop working with it.
 */
export const SharedReport = VideoReport.omit({ markdown: true, video_id: true }).extend({
  first_name: z.string().nullable(),
})
export type SharedReport = z.infer<typeof SharedReport>
