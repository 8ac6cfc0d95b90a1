import type { ConversationMember } from '@areia/contracts/agents'

export const MENTION_LIST_ID = 'chat-mentions'
export const mentionOptionId = (i: number) => `chat-mention-${i}`

type MentionListProps = {
  options: ConversationMember[]
  active: number
  onPick: (member: ConversationMember) => void
}

/** The coaches' avatar colours of the message list, by archetype ("Coach Mental"…). */
function toneOf(role: string): string {
  if (role.endsWith('Mental')) return 'mentions__avatar--mental'
  if (/Estatístic[oa]$/.test(role)) return 'mentions__avatar--estatistico'
  return ''
}

/** The `@` suggestions above the chat input; the input keeps the focus (combobox pattern). */
export function MentionList({ options, active, onPick }: MentionListProps) {
  return (
    <ul id={MENTION_LIST_ID} className="mentions" role="listbox" aria-label="Mencionar">
      {options.map((m, i) => (
        <li
          key={`${m.kind}-${m.mention}`}
          id={mentionOptionId(i)}
          role="option"
          aria-selected={i === active}
          className={`mentions__option ${i === active ? 'mentions__option--active' : ''}`}
          // Keeps the focus in the input, so typing goes on after a tap.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(m)}
        >
          <span
            className={`mentions__avatar mentions__avatar--${m.kind.toLowerCase()} ${toneOf(m.role)}`}
            aria-hidden="true"
          >
            {m.avatar ?? (m.kind === 'TEAM' ? '👥' : m.name.charAt(0).toUpperCase())}
          </span>
          <span className="mentions__name">@{m.mention}</span>
          <span className="mentions__role">{m.role}</span>
        </li>
      ))}
    </ul>
  )
}
