import {
  archetypeLabel,
  type ChatHistoryItem,
  type ChatMessageFrame,
  PARTNER_CATEGORY_LABEL,
  PartnerCategory,
} from '@areia/contracts'
import type { StoredMessage } from './store'

/** How a stored message goes on the wire: the history item, the socket frame, a push preview. */

function categoryLabel(category: string): string {
  const parsed = PartnerCategory.safeParse(category)
  return parsed.success ? PARTNER_CATEGORY_LABEL[parsed.data] : category
}

export function toHistoryItem(m: StoredMessage): ChatHistoryItem {
  return {
    id: m.id,
    content: m.content,
    sender_type: m.senderType,
    // Partners have no coach row; their typing frames and history lines share this key.
    coach_id: m.partner ? partnerSender(m.partner.slug) : m.coachId,
    coach_assigned_name: m.senderName,
    coach_archetype_name: m.archetype ? archetypeLabel(m.archetype, m.coachPronoun) : null,
    created_at: m.createdAt.toISOString(),
    ...(m.clientId ? { client_id: m.clientId } : {}),
    actions: m.actions,
    suggestions: m.suggestions,
    partner: m.partner
      ? {
          slug: m.partner.slug,
          avatar: m.partner.avatar,
          category_label: categoryLabel(m.partner.category),
        }
      : null,
  }
}

/** In the engine's history and in typing frames, a partner's lines are `partner:<slug>`. */
export const partnerSender = (slug: string) => `partner:${slug}`

/** A coach's markdown as one short plain line, for a notification. */
export function plainPreview(markdown: string, max = 140): string {
  const plain = markdown
    .replace(/[*_`#>]+/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain
}

export function toFrame(m: StoredMessage): ChatMessageFrame {
  const { sender_type, created_at, ...rest } = toHistoryItem(m)
  return { type: 'message', ...rest, sender: sender_type, timestamp: created_at }
}
