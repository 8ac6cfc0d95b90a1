import { z } from 'zod'
import { INT4_MAX } from './integers'

/** A player's message is capped so one frame cannot flood the coaches or the database. */
export const CHAT_MESSAGE_MAX_LENGTH = 5000

/**
 * The server closes a chat socket with this code when its session ended (logout, password
 * change or reset, account deletion): the app signs the player out instead of reconnecting.
 * 4000–4999 are the application's own codes (RFC 6455 §7.4.2).
 */
export const SESSION_ENDED_CLOSE_CODE = 4401
/** The account's role changed: the app reconnects, and the new socket has the new role's rights. */
export const SESSION_CHANGED_CLOSE_CODE = 4409
/**
 * RFC 6455 "going away": the server is shutting down (a deploy, a restart) and will be back, so
 * the app keeps trying. A bare close carries no code at all and reads as a fault.
 */
export const SERVER_GOING_AWAY_CLOSE_CODE = 1001

export const SenderType = z.enum(['USER', 'AI', 'SYSTEM'])
export type SenderType = z.infer<typeof SenderType>

/** An action chip under a message: identify the player, cancel a video… */
export const ChatAction = z.object({
  type: z.enum(['identify_player', 'cancel_video']),
  label: z.string(),
  videoId: z.union([
    z.number(),
    z.string(),
    z.object({ videoId: z.number() }),
    z.object({ id: z.number() }),
  ]),
  value: z.string().optional(),
})
export type ChatAction = z.infer<typeof ChatAction>

/**
 * One stored chat message, as `GET /api/v1/chat/history` lists it and the socket pushes it.
 * `id` increases with time per player: the client keeps the last one to catch up after a
 * reconnect. `coach_id` is the stable sender key for typing events.
 */
export const ChatHistoryItem = z.object({
  id: z.number().int(),
  content: z.string(),
  sender_type: SenderType,
  coach_id: z.string().nullable(),
  coach_assigned_name: z.string().nullable(),
  coach_archetype_name: z.string().nullable(),
  created_at: z.string(),
  actions: z.array(ChatAction).nullable(),
  suggestions: z.array(z.string()).nullable(),
  /** Set when an Agent Store partner wrote the message (then `coach_id` is `partner:<slug>`). */
  partner: z
    .object({ slug: z.string(), avatar: z.string(), category_label: z.string() })
    .nullable()
    .optional(),
  /**
   * A player's message: the id its device gave it (`message.client_id`), so a device that kept
   * it in its outbox knows it arrived, however it learns of the stored message.
   */
  client_id: z.string().max(64).nullable().optional(),
})
export type ChatHistoryItem = z.infer<typeof ChatHistoryItem>

export const ChatHistoryQuery = z.object({
  /** Only messages after this id (catch-up); omitted: the latest page. */
  after: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
})
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuery>

export const ChatHistoryResponse = z.array(ChatHistoryItem)
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponse>

/** Commands a client may send (`@start_introductions`, sent once). */
export const ChatCommand = z.enum(['@start_introductions'])
export type ChatCommand = z.infer<typeof ChatCommand>

// ---- Frames the client sends ------------------------------------------------------------

export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({
    type: z.literal('message'),
    text: z
      .string()
      .trim()
      .min(1, { error: 'Mensagem vazia.' })
      .max(CHAT_MESSAGE_MAX_LENGTH, {
        error: `A mensagem pode ter no máximo ${CHAT_MESSAGE_MAX_LENGTH} caracteres.`,
      })
      // PostgreSQL text cannot hold U+0000: refused here rather than lost in a failed insert.
      .refine((text) => !text.includes('\u0000'), {
        error: 'A mensagem contém caracteres inválidos.',
      }),
    /**
     * The device's id of this message, echoed on the stored message so the device can reconcile
     * its copy. A message sent again with the same id is stored once.
     */
    client_id: z.string().min(1).max(64).optional(),
  }),
  z.object({ type: z.literal('command'), command: ChatCommand }),
])
export type ClientFrame = z.infer<typeof ClientFrame>

// ---- Frames the server sends ------------------------------------------------------------

export const SystemEvent = z.enum([
  'onboarding_completed',
  'introductions_completed',
  'analysis_ready',
  /** A video's analysis moved (stage/percent): Meus Vídeos and the chat chip follow it. */
  'analysis_progress',
])
export type SystemEvent = z.infer<typeof SystemEvent>

/** A stored message as the socket pushes it: `type, sender, content, timestamp`. */
export const ServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  ChatHistoryItem.omit({ sender_type: true, created_at: true }).extend({
    type: z.literal('message'),
    sender: SenderType,
    timestamp: z.string(),
  }),
  z.object({
    type: z.literal('TYPING_START'),
    sender: z.string(),
    sender_name: z.string(),
  }),
  z.object({
    type: z.literal('TYPING_END'),
    sender: z.string(),
    sender_name: z.string(),
  }),
  z.object({
    type: z.literal('SYSTEM'),
    event: SystemEvent,
    timestamp: z.string(),
    /** analysis_ready / analysis_progress: which video, and how far. */
    video_id: z.number().int().optional(),
    stage: z.string().optional(),
    percent: z.number().optional(),
  }),
  z.object({
    type: z.literal('error'),
    detail: z.string(),
    /** The player's message this refuses (it was not stored): the device offers to send it again. */
    client_id: z.string().optional(),
  }),
])
export type ServerFrame = z.infer<typeof ServerFrame>

export type ChatMessageFrame = Extract<ServerFrame, { type: 'message' }>
