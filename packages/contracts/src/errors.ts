import { z } from 'zod'

/**
 * Every reason the API can fail with. The pt-BR `detail` is for people and may be reworded at
 * any time; clients decide what to do from the `code`, which never changes meaning.
 */
export const ERROR_CODES = [
  // Any endpoint
  'invalid_input',
  'bad_request',
  'body_too_large',
  'unsupported_media_type',
  'uri_too_long',
  'not_found',
  'forbidden',
  'rate_limited',
  'unavailable',
  'internal',
  // Session and account
  'invalid_credentials',
  'login_challenge',
  'password_check_busy',
  'not_authenticated',
  'invalid_token',
  'session_expired',
  'session_revoked',
  'account_blocked',
  'email_taken',
  'email_unchanged',
  'wrong_password',
  'password_unchanged',
  'no_password',
  'password_required',
  'reauthentication_required',
  'invalid_link',
  'google_state_invalid',
  'google_exchange_failed',
  'google_email_unverified',
  'google_not_configured',
  'redirect_not_allowed',
  // Payment
  'plan_already_active',
  'plan_not_found',
  'plan_not_on_sale',
  'price_mismatch',
  'coupon_invalid',
  'coupon_used_up',
  'coupon_first_charge_only',
  'card_required',
  'card_invalid',
  'card_expired',
  'card_token_expired',
  'card_declined',
  'charge_in_progress',
  'duplicate_charge',
  'payment_provider_unavailable',
  'pix_expired',
  'webhook_signature_invalid',
  'no_subscription',
  'not_an_upgrade',
  'upgrade_credit_too_large',
  'upgrade_is_immediate',
  'subscription_canceled',
  'subscription_not_canceled',
  'subscription_past_due',
  'refund_window_over',
  'refund_unavailable',
  // Video upload
  'not_subscribed',
  'plan_has_no_videos',
  'monthly_video_limit',
  'not_a_video',
  'video_too_large',
  'upload_url_invalid',
  'upload_url_expired',
  'content_range_invalid',
  'beyond_content_range',
  'length_required',
  'not_awaiting_identification',
  'pick_not_in_frame',
  'frame_url_invalid',
  'frame_url_expired',
  // Analysis
  'media_url_invalid',
  'media_url_expired',
  'range_not_satisfiable',
  'not_analysable',
  'no_track',
  'no_player',
  'no_commentary',
  'analysis_published',
  'analysis_running',
  'analysis_rejected',
  'analysis_failed',
  'tags_stale',
  'tags_invalid',
  // Everything else
  'own_role',
  'plan_price_invalid',
  'coupon_exists',
  'agent_exists',
  'agent_limit',
  'memory_full',
  'push_endpoint_refused',
  'origin_not_allowed',
] as const

export const ErrorCode = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCode>

/** Every error the API answers has this shape: a message in pt-BR and a machine reason. */
export const ErrorBody = z.object({
  detail: z.string(),
  code: ErrorCode,
})
export type ErrorBody = z.infer<typeof ErrorBody>

export const MessageBody = z.object({ message: z.string() })
export type MessageBody = z.infer<typeof MessageBody>
