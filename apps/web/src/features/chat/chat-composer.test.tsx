import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ChatComposer, PLACEHOLDER_READY, PLACEHOLDER_WAITING } from './chat-composer'

function setup(disabled = false, accept = true) {
  const onSend = vi.fn((_text: string) => accept)
  const utils = render(<ChatComposer disabled={disabled} onSend={onSend} />)
  const box = screen.getByLabelText<HTMLTextAreaElement>('Mensagem')
  return { onSend, box, ...utils }
}

describe('ChatComposer', () => {
  it('shows the send button only for non-blank text; Enter sends and clears', async () => {
    const user = userEvent.setup()
    const { onSend, box } = setup()
    expect(box.placeholder).toBe(PLACEHOLDER_READY)
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull()
    await user.type(box, '   ')
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull()
    await user.keyboard('{Enter}')
    expect(onSend).not.toHaveBeenCalled()
    await user.type(box, 'Como melhoro o saque?')
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeVisible()
    await user.keyboard('{Enter}')
    expect(onSend).toHaveBeenCalledWith('   Como melhoro o saque?')
    expect(box.value).toBe('')
  })

  it('Shift+Enter adds a line and grows from 1 up to 5 rows', async () => {
    const user = userEvent.setup()
    const { onSend, box } = setup()
    expect(box.rows).toBe(1)
    await user.type(box, 'a{Shift>}{Enter}{/Shift}b')
    expect(box.value).toBe('a\nb')
    expect(box.rows).toBe(2)
    await user.type(box, '{Shift>}{Enter}{Enter}{Enter}{Enter}{Enter}{/Shift}c')
    expect(box.rows).toBe(5)
    expect(onSend).not.toHaveBeenCalled()
  })

  it('while disabled: waiting placeholder and nothing is sent', async () => {
    const { onSend, box } = setup(true)
    expect(box.placeholder).toBe(PLACEHOLDER_WAITING)
    expect(box).toBeDisabled()
    expect(onSend).not.toHaveBeenCalled()
  })

  it('keeps the text when the message could not go out', async () => {
    const user = userEvent.setup()
    const { box } = setup(false, false)
    await user.type(box, 'Oi{Enter}')
    expect(box.value).toBe('Oi')
  })

  it('offers "Enviar Vídeo" only when the page gives it an action', async () => {
    const user = userEvent.setup()
    const { rerender } = setup()
    expect(screen.queryByRole('button', { name: 'Enviar Vídeo' })).toBeNull()
    const onVideoClick = vi.fn()
    rerender(<ChatComposer disabled={false} onSend={() => true} onVideoClick={onVideoClick} />)
    await user.click(screen.getByRole('button', { name: 'Enviar Vídeo' }))
    expect(onVideoClick).toHaveBeenCalledTimes(1)
  })
})

describe('ChatComposer mentions', () => {
  const members = [
    {
      kind: 'COACH' as const,
      mention: 'Marina',
      name: 'Marina',
      role: 'Coach Técnico',
      avatar: null,
    },
    { kind: 'PARTNER' as const, mention: 'Nina', name: 'Nina', role: 'Fisioterapia', avatar: '🩺' },
    { kind: 'TEAM' as const, mention: 'equipe', name: 'equipe', role: 'Todos', avatar: null },
  ]

  it('offers members after @, picks with the keyboard, and Enter then sends', async () => {
    const user = userEvent.setup()
    const onSend = vi.fn(() => true)
    render(<ChatComposer disabled={false} onSend={onSend} members={members} />)
    const box = screen.getByLabelText<HTMLTextAreaElement>('Mensagem')
    await user.type(box, 'oi @')
    const list = screen.getByRole('listbox', { name: 'Mencionar' })
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'M@MarinaCoach Técnico',
      '🩺@NinaFisioterapia',
      '👥@equipeTodos',
    ])
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('option', { name: /Nina/ })).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', 'chat-mention-1')
    await user.keyboard('{Enter}')
    expect(box.value).toBe('oi @Nina ')
    expect(list).not.toBeInTheDocument()
    expect(onSend).not.toHaveBeenCalled()
    await user.type(box, 'meu ombro dói')
    await user.keyboard('{Enter}')
    expect(onSend).toHaveBeenCalledWith('oi @Nina meu ombro dói')
  })

  it('filters as you type, Escape closes, a tap picks', async () => {
    const user = userEvent.setup()
    render(<ChatComposer disabled={false} onSend={() => true} members={members} />)
    const box = screen.getByLabelText<HTMLTextAreaElement>('Mensagem')
    await user.type(box, '@eq')
    expect(screen.getAllByRole('option')).toHaveLength(1)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    await user.clear(box)
    await user.type(box, '@ma')
    await user.click(screen.getByRole('option', { name: /Marina/ }))
    expect(box.value).toBe('@Marina ')
  })
})
