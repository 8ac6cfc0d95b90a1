import { z } from 'zod'

/** Every error the API answers has this shape, with a message in pt-BR. */
export const ErrorBody = z.object({
  detail: z.string(),
  /** A machine-readable reason, on the errors a client acts on. */
  code: z.string().optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

export const MessageBody = z.object({ message: z.string() })
export type MessageBody = z.infer<typeof MessageBody>
