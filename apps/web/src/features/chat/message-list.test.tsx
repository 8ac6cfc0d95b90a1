import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from './chat-state'
import { MessageList, MESSAGES_PAGE } from './message-list'

const message = (id: number): ChatMessage => ({
  key: String(id),
  id,
  clientId: null,
  sender: id % 2 ? 'USER' : 'AI',
  coachId: null,
  name: null,
  archetype: null,
  text: `Mensagem ${id}`,
  timestamp: '2026-11-20T12:00:00Z',
  actions: [],
  suggestions: [],
  pending: false,
})
const history = (n: number, from = 1) => Array.from({ length: n }, (_, i) => message(from + i))

// Bubbles link to pages (markdown links): they need a router around them.
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>

const bubbles = () =>
  within(screen.getByRole('list', { name: 'Mensagens' })).queryAllByRole('listitem')

describe('MessageList', () => {
  it('renders the latest page of a long history and the earlier ones on request', async () => {
    render(<MessageList messages={history(100)} />, { wrapper })
    expect(await screen.findByText('Mensagem 100')).toBeInTheDocument()
    expect(bubbles()).toHaveLength(MESSAGES_PAGE)
    expect(screen.queryByText('Mensagem 60')).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Mostrar mensagens anteriores' }))
    expect(bubbles()).toHaveLength(2 * MESSAGES_PAGE)
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar mensagens anteriores' }))
    expect(bubbles()).toHaveLength(100)
    expect(screen.getByText('Mensagem 1')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mostrar mensagens anteriores' })).toBeNull()
  })

  it('keeps every bubble in view as new messages arrive', async () => {
    const { rerender } = render(<MessageList messages={history(50)} />, { wrapper })
    expect(await screen.findByText('Mensagem 50')).toBeInTheDocument()
    expect(screen.getByText('Mensagem 11')).toBeInTheDocument()

    rerender(<MessageList messages={history(55)} />)
    expect(await screen.findByText('Mensagem 55')).toBeInTheDocument()
    // The first bubble shown stays: a player reading it is not pushed around by new ones.
    expect(screen.getByText('Mensagem 11')).toBeInTheDocument()
    expect(bubbles()).toHaveLength(45)
  })

  it('shows a conversation that grows one message at a time in full', async () => {
    const { rerender } = render(<MessageList messages={[]} />, { wrapper })
    rerender(<MessageList messages={history(1)} />)
    expect(await screen.findByText('Mensagem 1')).toBeInTheDocument()
    rerender(<MessageList messages={history(60)} />)
    expect(await screen.findByText('Mensagem 60')).toBeInTheDocument()
    expect(bubbles()).toHaveLength(60)
    expect(screen.queryByRole('button', { name: 'Mostrar mensagens anteriores' })).toBeNull()
  })
})
