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
